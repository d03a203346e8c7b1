"""The class report: the students' exports merged into one table, and where the class gets stuck.

:func:`gather` reads each export; a file that cannot be read or has no name is
skipped and named, never merged. Of files that claim one learner (their names lead to
one student's file: "Ada Lovelace", "ADA LOVELACE"), a second copy of the same work is
skipped and named (the first file given is read); files with different work (handed in
twice, a week apart) are merged puzzle by puzzle, each puzzle's better result kept, and
the report says so with the files' names (:attr:`ClassReport.merged`): no file can push
a learner's own work out of the report, nor be mixed into it unseen. A file's puzzles
that are not in the collection are left out, and named (:attr:`ClassReport.left_out`),
so a made-up id cannot swell the class table. The report covers an assignment's puzzles (every student gets a row
per puzzle, ``new`` where they did not try it) or, without one, every puzzle
someone tried. A puzzle is *missed* by a student who did not solve it on their
own (failed, or solved only with help); a theme's miss rate counts every try
of every student at its puzzles. The grid and the table tell a solve after hints
(◔) apart from one alone (✓), with the trainer's marks for the rest (:func:`result`).
For the projector, :meth:`ClassReport.hiding_names` shows each student as a number or
their initials, and no file's name.

>>> import tempfile, pathlib
>>> from machiavelli_kit.puzzles.collection import load_collection
>>> from machiavelli_kit.classroom.exports import export_progress
>>> from machiavelli_kit.practice.progress import Progress
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> for name, solved in (("Ada", True), ("Ben", False)):
...     progress = Progress(student=name)
...     progress.attempt("it-3", solved=solved)
...     _ = export_progress(progress, folder / f"{name}.csv")
>>> _ = (folder / "copy.csv").write_text((folder / "Ada.csv").read_text())
>>> report = gather(sorted(folder.glob("*.csv")), load_collection())
>>> list(report.students), [str(skip) for skip in report.skipped]
(['Ada', 'Ben'], ['copy.csv: Ada is already in Ada.csv'])
>>> report.stuck_puzzles()[0]
PuzzleMisses(puzzle='it-3', failed=1, helped=0, tried=2)
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from machiavelli_kit.classroom.assignment import Assignment, due_text
from machiavelli_kit.classroom.exports import ExportError, read_export
from machiavelli_kit.classroom.students import clean_name, file_stem
from machiavelli_kit.core.cards import quote
from machiavelli_kit.files import csv_text, write_atomically
from machiavelli_kit.i18n import N_, _, and_list, language, ngettext, pgettext, speaking
from machiavelli_kit.practice.progress import FAILED, HELPED, MARKS, NEW, SOLVED, Progress, Record
from machiavelli_kit.puzzles.collection import Collection
from machiavelli_kit.puzzles.names import theme_name

ALONE, HINTED = "solved alone", "solved after hints"
RESULTS = (ALONE, HINTED, HELPED, FAILED, NEW)
"""How a puzzle went, as the report tells it, best first: the trainer's statuses, a solve split by hints."""
RESULT_MARKS = {ALONE: MARKS[SOLVED], HINTED: "◔", **{status: MARKS[status] for status in (HELPED, FAILED, NEW)}}
"""The grid's marks: the trainer's (✓ ◑ ✗ ○), and ◔ for a solve after hints."""
# TRANSLATORS: the key to the marks of the class report's grid; ✓ ◑ ✗ are the trainer's own marks.
RESULT_LEGEND = N_(
    "✓ solved on their own, no hint · ◔ solved after hints · ◑ solved with help (Solve, or the last hint showed "
    "the answer) · ✗ not solved yet · ○ not tried"
)
TABLE_COLUMNS = ("student", "puzzle", "status", "attempts", "hints", "seconds", "result")
"""The columns of ``class-table.csv`` and the keys of ``class-table.json``: data for a spreadsheet or a program,
so English in every language. ``status`` is the trainer's, ``result`` one of :data:`RESULTS`."""
NUMBERS, INITIALS = "numbers", "initials"
"""How :meth:`ClassReport.hiding_names` shows the students."""
GRID_LIMIT = 30
"""The grid of who solved what is drawn for at most this many puzzles."""
Block = tuple[str, ...] | tuple[str, Sequence[str], Sequence[Sequence[str]]]


@dataclass(frozen=True)
class Skipped:
    """A file left out of the report, and why."""

    name: str
    reason: str

    def __str__(self) -> str:
        return f"{self.name}: {self.reason}"


@dataclass(frozen=True)
class StudentLine:
    """One student's totals over the report's puzzles."""

    student: str
    rating: int
    solved: int
    """Solved on their own without a hint."""
    hinted: int
    """Solved on their own after hints."""
    helped: int
    failed: int
    new: int
    attempts: int
    hints: int
    seconds: float


@dataclass(frozen=True)
class PuzzleMisses:
    """How many students failed a puzzle, solved it only with help, and tried it."""

    puzzle: str
    failed: int
    helped: int
    tried: int


@dataclass(frozen=True)
class ThemeMisses:
    """How many tries at a theme's puzzles missed, of how many."""

    theme: str
    missed: int
    tried: int

    @property
    def rate(self) -> float:
        return self.missed / self.tried if self.tried else 0.0


@dataclass
class ClassReport:
    """The students' progress by name (in the order read), the files skipped, and the puzzles reported."""

    collection: Collection
    assignment: Assignment | None = None
    students: dict[str, Progress] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)
    """The file each student was read from."""
    skipped: list[Skipped] = field(default_factory=list)
    left_out: list[Skipped] = field(default_factory=list)
    """The files read whose puzzles were not all in the collection, and which were left out."""
    merged: list[Skipped] = field(default_factory=list)
    """The students read from several files with different work, merged, and which files."""

    @property
    def puzzles(self) -> tuple[str, ...]:
        """The assignment's puzzles, or every puzzle someone tried (in the collection's order, any other id last)."""
        if self.assignment is not None:
            return self.assignment.puzzles
        tried = {
            key for progress in self.students.values() for key, record in progress.records.items() if _tried(record)
        }
        order = {puzzle.id: index for index, puzzle in enumerate(self.collection.puzzles)}
        return tuple(sorted(tried, key=lambda key: (order.get(key, len(order)), key)))

    def hiding_names(self, labels: str = NUMBERS) -> ClassReport:
        """The report for a projector: each student a number (given in an order the class cannot guess from the
        names) or their initials (``labels``), rows in that order, and no note that names a file.

        >>> from machiavelli_kit.puzzles.collection import load_collection
        >>> report = ClassReport(load_collection())
        >>> for name in ("Ada Lovelace", "Ben", "Anna Lee"):
        ...     report.students[name] = Progress(student=name)
        >>> list(report.hiding_names(INITIALS).students), list(report.hiding_names().students)
        (['AL', 'AL 2', 'B'], ['1', '2', '3'])
        """
        if labels not in (NUMBERS, INITIALS):
            raise ValueError(_("names are hidden as numbers or initials, not {labels!r}").format(labels=labels))
        if labels == NUMBERS:
            order = sorted(self.students, key=lambda name: hashlib.sha256(name.casefold().encode()).hexdigest())
            shown = {name: str(number) for number, name in enumerate(order, start=1)}
        else:
            shown, seen = {}, Counter[str]()
            for name in self.students:
                initials = "".join(word[0] for word in name.split()).upper()
                seen[initials] += 1
                shown[name] = initials if seen[initials] == 1 else f"{initials} {seen[initials]}"
        students = {shown[name]: progress for name, progress in sorted(self.students.items(), key=_by(shown))}
        return ClassReport(self.collection, self.assignment, students)

    def record(self, student: str, puzzle_id: str) -> Record:
        return self.students[student].records.get(puzzle_id, Record())

    def table(self) -> list[tuple[str, str, str, int, int, int, str]]:
        """Who did what: one row per student and puzzle reported (:data:`TABLE_COLUMNS`)."""
        return [
            (student, key, record.status, record.attempts, record.hints, round(record.seconds), result(record))
            for student in self.students
            for key in self.puzzles
            for record in [self.record(student, key)]
        ]

    def table_csv(self) -> str:
        """The table as CSV, no cell a spreadsheet would run as a formula."""
        return csv_text([TABLE_COLUMNS, *self.table()])

    def table_json(self) -> str:
        """The table as JSON: a list of rows, each an object keyed by :data:`TABLE_COLUMNS`."""
        rows = [dict(zip(TABLE_COLUMNS, row, strict=True)) for row in self.table()]
        return json.dumps(rows, ensure_ascii=False, indent=1) + "\n"

    def student_lines(self) -> list[StudentLine]:
        lines = []
        for student, progress in self.students.items():
            records = [self.record(student, key) for key in self.puzzles]
            statuses = Counter(map(result, records))
            lines.append(
                StudentLine(
                    student,
                    round(progress.rating.rating),
                    statuses[ALONE],
                    statuses[HINTED],
                    statuses[HELPED],
                    statuses[FAILED],
                    statuses[NEW],
                    sum(record.attempts for record in records),
                    sum(record.hints for record in records),
                    sum(record.seconds for record in records),
                )
            )
        return lines

    def stuck_puzzles(self, limit: int | None = 10) -> list[PuzzleMisses]:
        """The puzzles most students missed, most first (only puzzles someone missed)."""
        misses = []
        for key in self.puzzles:
            statuses = Counter(self.record(student, key).status for student in self.students)
            tried = len(self.students) - statuses[NEW]
            if statuses[FAILED] + statuses[HELPED]:
                misses.append(PuzzleMisses(key, statuses[FAILED], statuses[HELPED], tried))
        misses.sort(key=lambda entry: (-(entry.failed + entry.helped), -entry.failed))
        return misses[:limit]

    def weak_themes(self) -> list[ThemeMisses]:
        """Every theme tried, the most missed first (by rate, then by count)."""
        tried: Counter[str] = Counter()
        missed: Counter[str] = Counter()
        themes = {puzzle.id: puzzle.themes for puzzle in self.collection.puzzles}
        for student in self.students:
            for key in self.puzzles:
                status = self.record(student, key).status
                if status == NEW:
                    continue
                for theme in themes.get(key, ()):
                    tried[theme] += 1
                    missed[theme] += status != SOLVED
        entries = [ThemeMisses(theme, missed[theme], count) for theme, count in tried.items()]
        return sorted(entries, key=lambda entry: (-entry.rate, -entry.missed, entry.theme))

    def next_assignment(
        self, theme: str, count: int = 8, title: str | None = None, lang: str | None = None
    ) -> Assignment:
        """Puzzles of ``theme`` for next time: those the fewest students solved on their own first.

        >>> from machiavelli_kit.puzzles.collection import load_collection
        >>> homework = ClassReport(load_collection()).next_assignment("chain", count=3)
        >>> homework.title, len(homework.puzzles), homework.hints
        ('More practice: chain', 3, True)
        """
        pool = [puzzle.id for puzzle in self.collection.puzzles if theme in puzzle.themes]
        if not pool:
            raise ValueError(_("no puzzle has the theme {theme!r}", lang).format(theme=theme))
        solved = Counter(key for progress in self.students.values() for key in progress.solved)
        ranked = sorted(pool, key=lambda key: solved[key])  # stable: the collection's order among equals
        # TRANSLATORS: a new assignment's title; {theme} is a theme's name (chain, joker, ...).
        return Assignment(
            title or _("More practice: {theme}", lang).format(theme=theme_name(theme, lang)), tuple(ranked[:count])
        )

    def blocks(self, lang: str | None = None) -> list[Block]:
        """The report as headings, paragraphs, lists and tables, for :func:`markdown` and :func:`to_html`,
        in ``lang`` (else the language in use)."""
        with speaking(lang):
            return self._blocks()

    def _blocks(self) -> list[Block]:
        if self.assignment:
            # TRANSLATORS: {title} is the assignment's title, as the teacher wrote it.
            title = _("Class report: {title}").format(title=self.assignment.title)
        else:
            title = _("Class report: every puzzle tried")
        students = ngettext("{count} student", "{count} students", len(self.students)).format(count=len(self.students))
        puzzles = ngettext("{count} puzzle", "{count} puzzles", len(self.puzzles)).format(count=len(self.puzzles))
        # TRANSLATORS: the report's first line, e.g. "12 students, 8 puzzles."
        intro = _("{students}, {puzzles}.").format(students=students, puzzles=puzzles)
        if self.assignment is not None and self.assignment.due is not None:
            # TRANSLATORS: {date} is a day such as "Tuesday 1 December 2026".
            intro += " " + _("Due {date}.").format(date=due_text(self.assignment.due))
        blocks: list[Block] = [("h1", title), ("p", intro)]
        if self.skipped:
            blocks += [
                ("p", _("Files skipped (nothing from them is in this report):")),
                ("ul", *map(str, self.skipped)),
            ]
        if self.left_out:
            blocks += [("p", _("Puzzles left out (not in the collection):")), ("ul", *map(str, self.left_out))]
        if self.merged:
            blocks += [
                ("p", _("Students who handed in more than one file (check that each file is theirs):")),
                ("ul", *map(str, self.merged)),
            ]
        # TRANSLATORS: column headings of the class report's tables (short).
        header = (
            pgettext("column", "student"),
            pgettext("column", "rating"),
            pgettext("column", "solved"),
            pgettext("column", "after hints"),
            pgettext("column", "with help"),
            pgettext("column", "not solved yet"),
            pgettext("column", "not tried"),
            pgettext("column", "attempts"),
            pgettext("column", "hints"),
        )
        rows = [
            (
                line.student,
                *map(
                    str,
                    (line.rating, line.solved, line.hinted, line.helped, line.failed, line.new, line.attempts),
                ),
                str(line.hints),
                f"{line.seconds / 60:.1f}",
            )
            for line in self.student_lines()
        ]
        blocks += [("h2", _("Students")), ("table", (*header, pgettext("column", "minutes")), rows)]
        if self.students and 0 < len(self.puzzles) <= GRID_LIMIT:
            grid = [
                (student, *(RESULT_MARKS[result(self.record(student, key))] for key in self.puzzles))
                for student in self.students
            ]
            blocks += [
                ("h2", _("Who solved what")),
                ("p", _(RESULT_LEGEND)),
                ("table", (pgettext("column", "student"), *self.puzzles), grid),
            ]
        titles = {puzzle.id: puzzle.title_in() for puzzle in self.collection.puzzles}
        stuck = [
            (entry.puzzle, titles.get(entry.puzzle, "?"), str(entry.failed), str(entry.helped), str(entry.tried))
            for entry in self.stuck_puzzles()
        ]
        themes = [
            (theme_name(entry.theme), str(entry.missed), str(entry.tried), f"{entry.rate:.0%}")
            for entry in self.weak_themes()
        ]
        blocks += [("h2", _("Where the class gets stuck"))]
        puzzle_header = (
            pgettext("column", "puzzle"),
            pgettext("column", "title"),
            pgettext("column", "not solved"),
            pgettext("column", "with help"),
            pgettext("column", "tried"),
        )
        theme_header = (
            pgettext("column", "theme"),
            pgettext("column", "missed"),
            pgettext("column", "tried"),
            pgettext("column", "missed (%)"),
        )
        blocks += [("h3", _("Puzzles")), ("table", puzzle_header, stuck)]
        blocks += [("h3", _("Themes")), ("table", theme_header, themes)]
        return blocks

    def markdown(self, lang: str | None = None) -> str:
        """The report as Markdown, in ``lang`` (else the language in use)."""
        with speaking(lang):
            return markdown(self.blocks())

    def html(self, *, page: bool = True, lang: str | None = None) -> str:
        """The report as an HTML page, or (``page=False``) as a fragment to show inside another page,
        in ``lang`` (else the language in use)."""
        with speaking(lang):
            return to_html(self.blocks(), page=page)

    def write(self, folder: str | Path, lang: str | None = None) -> list[Path]:
        """Write ``class-table.csv``, ``class-table.json``, ``class-report.md`` and ``class-report.html`` into
        ``folder`` (atomically); the report in ``lang`` (else the language in use), the table in English (data)."""
        folder = Path(folder)
        texts = {
            "class-table.csv": self.table_csv(),
            "class-table.json": self.table_json(),
            "class-report.md": self.markdown(lang),
            "class-report.html": self.html(lang=lang),
        }
        for name, text in texts.items():
            write_atomically(folder / name, text)
        return [folder / name for name in texts]


@dataclass(frozen=True)
class _Export:
    """An export read: where it came in the files given, its file's name, the student's name and progress."""

    order: int
    file: str
    name: str
    progress: Progress


def gather(paths: Iterable[str | Path], collection: Collection, assignment: Assignment | None = None) -> ClassReport:
    """Read the exports at ``paths`` into one report; bad files, copies and files that claim one learner
    with different work are skipped, named."""
    report = ClassReport(collection, assignment)
    known = {puzzle.id for puzzle in collection.puzzles}
    skipped: list[tuple[int, Skipped]] = []
    claims: dict[str, list[_Export]] = {}
    for order, path in enumerate(map(Path, paths)):
        try:
            progress = read_export(path)
            name = clean_name(progress.student)
        except (ExportError, ValueError) as error:
            skipped.append((order, Skipped(path.name, str(error).removeprefix(f"{path.name}: "))))
            continue
        unknown = sorted(key for key in progress.records if key not in known)
        if unknown:
            progress.records = {key: record for key, record in progress.records.items() if key in known}
            report.left_out.append(Skipped(path.name, _unknown_puzzles(unknown)))
        claims.setdefault(file_stem(name), []).append(_Export(order, path.name, name, progress))
    # TRANSLATORS: a student's export read twice; {file} is the file the student was first read from.
    copy = _("{name} is already in {file}")
    for claim in claims.values():
        kept: list[_Export] = []
        for export in claim:
            twin = next((other for other in kept if _work(other.progress) == _work(export.progress)), None)
            if twin is None:
                kept.append(export)
            else:
                skipped.append((export.order, Skipped(export.file, copy.format(name=export.name, file=twin.file))))
        first = kept[0]
        report.students[first.name], report.files[first.name] = _merged([k.progress for k in kept]), first.file
        if len(kept) > 1:
            files = and_list([export.file for export in kept])
            # TRANSLATORS: after a student's name, e.g. "Ada: 2 files, merged (the better result of each puzzle):
            # a.csv and b.csv"; {files} are the files' names.
            merged = ngettext(
                "{count} file, merged (the better result of each puzzle): {files}",
                "{count} files, merged (the better result of each puzzle): {files}",
                len(kept),
            )
            report.merged.append(Skipped(first.name, merged.format(count=len(kept), files=files)))
    report.skipped = [skip for _order, skip in sorted(skipped, key=lambda item: item[0])]
    return report


def _by(shown: dict[str, str]) -> Callable[[tuple[str, Progress]], tuple[int, str]]:
    """The order of a report's rows with names hidden: by number, or by initials."""
    return lambda item: (int(shown[item[0]]) if shown[item[0]].isdigit() else 0, shown[item[0]])


def _merged(works: Sequence[Progress]) -> Progress:
    """One learner's progress from several files: each puzzle's better result (then fewer hints; then the first
    file's), and the rating of the file with the most attempts (the most work). One file is returned as it is."""
    if len(works) == 1:
        return works[0]
    records: dict[str, Record] = {}
    for progress in works:
        for key, record in progress.records.items():
            best = records.get(key)
            if best is None or _rank(record) < _rank(best):
                records[key] = replace(record)
    most = max(works, key=lambda progress: sum(record.attempts for record in progress.records.values()))
    return Progress(works[0].student, records, most.rating)


def _rank(record: Record) -> tuple[int, int]:
    """How good a puzzle's record is, the best lowest: its result, then its hints."""
    return RESULTS.index(result(record)), record.hints


def _work(progress: Progress) -> tuple[int, list[tuple[str, str, int, int, int]]]:
    """What the report shows of a student's progress, to tell a second copy from other work (a CSV keeps no more)."""
    records = progress.records.items()
    rows = sorted((key, record.status, record.attempts, record.hints, round(record.seconds)) for key, record in records)
    return round(progress.rating.rating), rows


def markdown(blocks: Sequence[Block]) -> str:
    """Blocks as Markdown; every text shows as it is written, none becomes markup (see :func:`markdown_text`)."""
    lines: list[str] = []
    for block in blocks:
        kind = block[0]
        if kind in ("h1", "h2", "h3"):
            lines += ["#" * int(kind[1]) + " " + markdown_text(block[1]), ""]
        elif kind == "p":
            lines += [markdown_line(block[1]), ""]
        elif kind == "ul":
            lines += [f"- {markdown_line(item)}" for item in block[1:]] + [""]
        elif kind == "table":
            header, rows = block[1], block[2]
            if not rows:
                lines += [markdown_line(_("(none)")), ""]
                continue
            lines.append("| " + " | ".join(map(markdown_text, header)) + " |")
            lines.append("|" + "---|" * len(header))
            lines += ["| " + " | ".join(map(markdown_text, row)) + " |" for row in rows]
            lines.append("")
    return "\n".join(lines)


def markdown_text(value: object) -> str:
    r"""``value`` as Markdown that shows it as it is, on one line: no HTML, emphasis, link, code or table cell.

    Its spaces are single (as HTML shows them: a leading tab would start code), ``<``, ``>`` and ``&``
    become HTML's entities (which every Markdown reader shows as the sign), and the signs of Markdown
    get a backslash.

    >>> print(markdown_text("<script>x</script>"), markdown_text("*Ada* | [x](y)"))
    &lt;script&gt;x&lt;/script&gt; \*Ada\* \| \[x\](y)
    """
    return _MARKDOWN_SIGNS.sub(r"\\\g<0>", html.escape(" ".join(str(value).split()), quote=False))


def markdown_line(value: object) -> str:
    r""":func:`markdown_text` for the start of a line, where ``1.``, ``-`` or ``+`` would begin a list.

    >>> print(markdown_line("1. Ben"), markdown_line("- Ada"), markdown_line("12 students"))
    1\. Ben \- Ada 12 students
    """
    text = markdown_text(value)
    start = _LIST_START.match(text)
    return text if start is None else f"{text[: start.end() - 1]}\\{text[start.end() - 1 :]}"


def to_html(blocks: Sequence[Block], *, page: bool = True) -> str:
    """Blocks as a small HTML page that prints well, or as a fragment (no page, no style) with ``page=False``."""
    title = html.escape(_("Class report"))
    parts = (
        [
            f'<!DOCTYPE html>\n<html lang="{language()}"><head><meta charset="utf-8"><title>{title}</title><style>',
            "body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse;margin:.5em 0}"
            "td,th{border:1px solid #999;padding:.2em .5em;text-align:left}</style></head><body>",
        ]
        if page
        else []
    )
    for block in blocks:
        kind = block[0]
        if kind in ("h1", "h2", "h3", "p"):
            parts.append(f"<{kind}>{html.escape(str(block[1]))}</{kind}>")
        elif kind == "ul":
            parts.append("<ul>" + "".join(f"<li>{html.escape(str(item))}</li>" for item in block[1:]) + "</ul>")
        elif kind == "table":
            header, rows = block[1], block[2]
            head = "".join(f"<th>{html.escape(str(cell))}</th>" for cell in header)
            body = "".join(
                "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows
            )
            none = html.escape(_("(none)"))
            parts.append(f"<table><tr>{head}</tr>{body or f'<tr><td>{none}</td></tr>'}</table>")
    if page:
        parts.append("</body></html>\n")
    return "\n".join(parts)


def _unknown_puzzles(ids: Sequence[str], shown: int = 3) -> str:
    """The puzzles of a file that are not in the collection, in words: the first few, and how many more."""
    items = [quote(key) for key in ids[:shown]]
    if len(ids) > shown:
        # TRANSLATORS: the end of a list of puzzle ids that goes on, e.g. "'x-1', 'x-2' and 47 more".
        items.append(ngettext("{count} more", "{count} more", len(ids) - shown).format(count=len(ids) - shown))
    message = ngettext(
        "{count} puzzle is not in the collection: {ids}", "{count} puzzles are not in the collection: {ids}", len(ids)
    )
    return message.format(count=len(ids), ids=and_list(items))


def result(record: Record) -> str:
    """How a puzzle went (one of :data:`RESULTS`): the trainer's status, with a solve after hints told apart.

    >>> result(Record(attempts=1, solved=True)), result(Record(attempts=1, hints=12, solved=True))
    ('solved alone', 'solved after hints')
    >>> result(Record(attempts=2, hints=6, solved_with_help=True)), result(Record(attempts=1)), result(Record())
    ('solved with help', 'failed', 'new')
    """
    status = record.status
    if status == SOLVED:
        return HINTED if record.hints else ALONE
    return status


def _tried(record: Record) -> bool:
    return record.attempts > 0 or record.hints > 0 or record.solved or record.solved_with_help


_MARKDOWN_SIGNS = re.compile(r"[\\`*_\[\]|~#]")
"""What Markdown reads as markup anywhere in a line (``<`` and ``&`` are made entities first)."""
_LIST_START = re.compile(r"\d+[.)]|[-+=]")
"""What Markdown reads as markup at the start of a line only: a list (``- ``, ``+ ``, ``1. ``), a heading's rule."""
