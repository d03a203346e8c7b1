"""An assignment: a few puzzles a teacher sets, as a small TOML file, and how far a student has got with it.

The teacher writes the file by hand or with ``machiavelli-kit class assign``.
It names puzzles by id, or selects them by chapter, grade and theme (``count``
of them, spread from the first to the last of the selection), or both:

.. code-block:: toml

    title = "Chains, week 3"
    puzzles = ["it-3"]        # these puzzles, then
    chapter = "ch08"          # `count` puzzles of this chapter,
    grade = "chain"           # of this grade
    theme = "sets-to-runs"    # and with this theme
    count = 5
    due = 2026-12-01          # optional
    hints = false             # optional: no hints, no Solve (true when left out)

>>> from machiavelli_kit.puzzles.collection import load_collection
>>> collection = load_collection()
>>> homework = parse_assignment('title = "Warm-up"\\npuzzles = ["bga-1", "it-3"]\\ndue = 2026-12-01', collection)
>>> homework.puzzles, homework.due, homework.hints
(('bga-1', 'it-3'), datetime.date(2026, 12, 1), True)
>>> from machiavelli_kit.practice.progress import Progress
>>> progress = Progress(student="Ada")
>>> progress.attempt("bga-1", solved=True)
>>> print(standing(homework, progress).text())
Warm-up: 1 of 2 solved on your own, 0 with help, 0 not solved yet, 1 not tried yet. Due Tuesday 1 December 2026.
>>> parse_assignment('title = "Oops"\\npuzzles = ["bga-99"]', collection, "week3.toml")
Traceback (most recent call last):
...
machiavelli_kit.classroom.assignment.AssignmentError: week3.toml: no puzzle has the id 'bga-99': ...
"""

from __future__ import annotations

import datetime
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from machiavelli_kit.core.cards import quote
from machiavelli_kit.files import read_regular, write_atomically
from machiavelli_kit.i18n import _, language, ngettext, speaking
from machiavelli_kit.practice.progress import FAILED, HELPED, NEW, SOLVED, Progress, Record
from machiavelli_kit.puzzles.collection import Collection
from machiavelli_kit.puzzles.format import TECHNIQUES, Puzzle, PuzzleError

KEYS = ("title", "puzzles", "chapter", "grade", "theme", "count", "due", "hints")
MAX_TITLE = 100


class AssignmentError(ValueError):
    """An assignment file that cannot be used; the message names the file and the problem."""


@dataclass(frozen=True)
class Assignment:
    """A title, the puzzles in order, an optional due date, and whether hints (and Solve) are allowed."""

    title: str
    puzzles: tuple[str, ...]
    due: datetime.date | None = None
    hints: bool = True
    source: str = field(default="", compare=False)
    """The file it was read from, for messages."""


@dataclass(frozen=True)
class Standing:
    """How far a student has got with an assignment: the puzzle ids by status."""

    assignment: Assignment
    solved: tuple[str, ...]
    helped: tuple[str, ...]
    failed: tuple[str, ...]
    new: tuple[str, ...]

    def text(self, lang: str | None = None) -> str:
        """In words, for the student, in ``lang`` (else the language in use)."""
        with speaking(lang):
            total = len(self.assignment.puzzles)
            # TRANSLATORS: {title} is the assignment's title; the counts are numbers of puzzles.
            text = _(
                "{title}: {solved} of {total} solved on your own, {helped} with help, "
                "{failed} not solved yet, {new} not tried yet."
            ).format(
                title=self.assignment.title,
                solved=len(self.solved),
                total=total,
                helped=len(self.helped),
                failed=len(self.failed),
                new=len(self.new),
            )
            if self.assignment.due is not None:
                # TRANSLATORS: {date} is a day such as "Tuesday 1 December 2026".
                text += " " + _("Due {date}.").format(date=due_text(self.assignment.due))
            if not self.assignment.hints:
                text += " " + _("No hints for this one.")
            return text


def standing(assignment: Assignment, progress: Progress) -> Standing:
    """Sort the assignment's puzzles by the student's status on each."""
    statuses = {puzzle_id: progress.records.get(puzzle_id, Record()).status for puzzle_id in assignment.puzzles}

    def having(status: str) -> tuple[str, ...]:
        return tuple(puzzle_id for puzzle_id, mine in statuses.items() if mine == status)

    return Standing(assignment, having(SOLVED), having(HELPED), having(FAILED), having(NEW))


def due_text(day: datetime.date, lang: str | None = None) -> str:
    """A date in words, in ``lang`` (else the language in use): ``Tuesday 1 December 2026``, ``wtorek 1 grudnia 2026``.

    >>> due_text(datetime.date(2026, 12, 1), "it")
    'martedì 1 dicembre 2026'
    """
    from babel.dates import format_date

    return format_date(day, "EEEE d MMMM y", locale=language(lang))


def load_assignment(path: str | Path, collection: Collection) -> Assignment:
    """Read an assignment file; :class:`AssignmentError` names the file and what is wrong."""
    path = Path(path)
    try:
        text = read_regular(path).decode("utf-8")
    except UnicodeDecodeError:
        raise AssignmentError(_("{path}: not a text file (an assignment is TOML text)").format(path=path)) from None
    except OSError as error:
        raise AssignmentError(
            _("{path} cannot be read ({reason})").format(path=path, reason=error.strerror or error)
        ) from None
    return parse_assignment(text, collection, str(path))


def parse_assignment(text: str, collection: Collection, source: str = "<assignment>") -> Assignment:
    """An assignment from its TOML text; every problem is an :class:`AssignmentError` starting with ``source``."""
    try:
        return _parse(text, collection, source)
    except (ValueError, PuzzleError) as error:
        if isinstance(error, AssignmentError):
            raise
        raise AssignmentError(_("{path}: {error}").format(path=source, error=error)) from None


def select_puzzles(
    collection: Collection,
    chapter: str | None = None,
    grade: str | None = None,
    theme: str | None = None,
    count: int | None = None,
) -> list[Puzzle]:
    """The puzzles of a chapter, grade and theme, checked by name; ``count`` of them spread from first to last.

    >>> from machiavelli_kit.puzzles.collection import load_collection
    >>> chains = load_collection().select(grade="chain")
    >>> select_puzzles(load_collection(), grade="chain", count=2) == [chains[0], chains[len(chains) // 2]]
    True
    """
    if grade is not None and grade not in TECHNIQUES:
        # TRANSLATORS: {grades} are the grades' names as the puzzle files write them (lay, extend, spare, ...).
        raise ValueError(
            _("{grade} is not a grade: grades are {grades}").format(grade=quote(grade), grades=", ".join(TECHNIQUES))
        )
    if theme is not None:
        themes = sorted({name for puzzle in collection.puzzles for name in puzzle.themes})
        if theme not in themes:
            message = _("no puzzle has the theme {theme}: themes are {themes}")
            raise ValueError(message.format(theme=quote(theme), themes=", ".join(themes)))
    puzzles = collection.select(chapter, grade, theme)
    if not puzzles:
        raise ValueError(_("no puzzle matches this chapter, grade and theme together"))
    if count is None:
        return puzzles
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        # TRANSLATORS: "count" is a key of the assignment file; keep it.
        raise ValueError(_("count must be a whole number, 1 or more, not {count}").format(count=quote(count)))
    if count > len(puzzles):
        raise ValueError(
            ngettext(
                "count asks for {count} puzzles but only {found} matches",
                "count asks for {count} puzzles but only {found} match",
                len(puzzles),
            ).format(count=count, found=len(puzzles))
        )
    return [puzzles[index * len(puzzles) // count] for index in range(count)]


def assignment_toml(assignment: Assignment) -> str:
    """The assignment as the TOML file a student opens (puzzles by id)."""
    data: dict[str, Any] = {"title": assignment.title, "puzzles": list(assignment.puzzles)}
    if assignment.due is not None:
        data["due"] = assignment.due
    data["hints"] = assignment.hints
    return tomli_w.dumps(data)


def write_assignment(assignment: Assignment, path: str | Path) -> None:
    """Write the assignment file atomically (a crash never leaves half a file)."""
    write_atomically(path, assignment_toml(assignment))


def _parse(text: str, collection: Collection, source: str) -> Assignment:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(_("not valid TOML ({reason})").format(reason=error)) from None
    except RecursionError:
        raise ValueError(_("not valid TOML: lists or tables are nested too deeply")) from None
    except ValueError:  # the one error tomllib lets through: a whole number past Python's 4,300 digits
        raise ValueError(_("not valid TOML: a number has too many digits to read")) from None
    unknown = [key for key in data if key not in KEYS]
    if unknown:
        raise ValueError(
            _("unknown key {key}: an assignment may have {keys}").format(key=quote(unknown[0]), keys=", ".join(KEYS))
        )
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        # TRANSLATORS: the example is a line of the assignment file: keep title = "...", translate inside the quotes.
        raise ValueError(_('the assignment needs a title, e.g. title = "Chains, week 3"'))
    if len(title) > MAX_TITLE:
        raise ValueError(_("the title has at most {count} characters").format(count=MAX_TITLE))
    ids = data.get("puzzles", [])
    if not isinstance(ids, list) or not all(isinstance(puzzle_id, str) for puzzle_id in ids):
        raise ValueError(_('puzzles must be a list of puzzle ids, e.g. puzzles = ["bga-1", "it-3"]'))
    chosen = [collection.find(puzzle_id).id for puzzle_id in ids]
    selection = {key: data[key] for key in ("chapter", "grade", "theme", "count") if key in data}
    for key in ("chapter", "grade", "theme"):
        if key in selection and not isinstance(selection[key], str):
            raise ValueError(_("{key} must be text, e.g. {key} = {example}").format(key=key, example=_EXAMPLES[key]))
    if selection.keys() == {"count"}:
        raise ValueError(_("count needs a chapter, a grade or a theme to choose from"))
    if selection:
        chosen += [puzzle.id for puzzle in select_puzzles(collection, **selection)]
    if not chosen:
        raise ValueError(_("no puzzles: give puzzles = [...] or a chapter, grade or theme"))
    hints = data.get("hints", True)
    if not isinstance(hints, bool):
        raise ValueError(_("hints must be true or false"))
    return Assignment(title.strip(), _unique(chosen), _due(data.get("due")), hints, source)


_EXAMPLES = {"chapter": '"ch03"', "grade": '"chain"', "theme": '"sets-to-runs"'}


def _due(value: Any) -> datetime.date | None:
    """A TOML date (``due = 2026-12-01``) or the same as text; anything else is a bad date."""
    if value is None:
        return None
    if isinstance(value, datetime.datetime) or not isinstance(value, datetime.date | str):
        raise ValueError(_("due must be a date like 2026-12-01, not {value}").format(value=quote(value)))
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError:
            raise ValueError(
                _("due {value} is not a date: write it like 2026-12-01").format(value=quote(value))
            ) from None
    return value


def _unique(ids: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ids))
