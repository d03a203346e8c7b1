"""The bundled collection: every chapter file in ``puzzles/``, in file-name order.

A teacher's folder is read the same way; what has a chapter file's name but is
no file (a folder, a named pipe) is left out and named in :attr:`Collection.skipped`.

>>> collection = load_collection()
>>> collection.find("bga-1").answer
1
>>> [puzzle.id for puzzle in collection.select(chapter="ch01", grade="chain")]
['it-3']
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from machiavelli_kit.core.cards import quote
from machiavelli_kit.files import not_a_file
from machiavelli_kit.i18n import _
from machiavelli_kit.puzzles.format import Chapter, Puzzle, PuzzleError, load
from machiavelli_kit.resources import bundled_dir

COLLECTION_DIR = bundled_dir("puzzles")
"""Where the bundled chapter files live (the repository's ``puzzles/`` folder, carried inside the wheel)."""


@dataclass(frozen=True)
class Collection:
    """Chapters of puzzles; puzzle ids are unique across the collection."""

    chapters: tuple[Chapter, ...]
    skipped: tuple[str, ...] = field(default=(), compare=False)
    """What was left out of the folder, one line each: ``pipe.toml: it is a named pipe, not a file``."""

    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        return tuple(puzzle for chapter in self.chapters for puzzle in chapter.puzzles)

    def find(self, puzzle_id: str) -> Puzzle:
        """The puzzle with this id; a clear error when there is none."""
        for puzzle in self.puzzles:
            if puzzle.id == puzzle_id:
                return puzzle
        raise PuzzleError(
            _("no puzzle has the id {id}: `machiavelli-kit puzzles list` shows them all").format(id=quote(puzzle_id))
        )

    def chapter(self, name: str) -> Chapter:
        """A chapter by file name (``ch03-split``), its id (``ch03``) or its id's number (``3``, ``03``: ``ch03``,
        never the third file, which may be another chapter)."""
        wanted = f"ch{int(name):02d}" if name.isdigit() else name
        for chapter in self.chapters:
            if wanted in (chapter.name, chapter.name.split("-")[0]):
                return chapter
        names = ", ".join(chapter.name for chapter in self.chapters)
        raise PuzzleError(_("no chapter {name}: chapters are {names}").format(name=quote(name), names=names))

    def select(self, chapter: str | None = None, grade: str | None = None, theme: str | None = None) -> list[Puzzle]:
        """Puzzles of a chapter, a grade and a theme (each optional)."""
        puzzles = self.chapter(chapter).puzzles if chapter else self.puzzles
        return [
            puzzle
            for puzzle in puzzles
            if (grade is None or puzzle.grade == grade) and (theme is None or theme in puzzle.themes)
        ]


def load_collection(directory: str | Path | None = None, *, check: bool = False) -> Collection:
    """Read every ``*.toml`` chapter strictly; with ``check``, verify each puzzle with the solver too.

    The kit's own collection (no ``directory``) is package data, read once per process.
    """
    folder = Path(directory) if directory is not None else COLLECTION_DIR
    if directory is None and not check:
        return _bundled(folder)
    return _read(folder, check=check)


@functools.cache
def _bundled(folder: Path) -> Collection:
    """The collection bundled with the kit, in ``folder``: it never changes while the kit runs."""
    return _read(folder, check=False)


def _read(folder: Path, *, check: bool) -> Collection:
    """Every ``*.toml`` chapter in ``folder``, read strictly (and verified with ``check``)."""
    paths, skipped = [], []
    for path in sorted(folder.glob("*.toml")):
        odd = not_a_file(path)
        if odd is None:
            paths.append(path)
        else:
            skipped.append(f"{path.name}: {odd.strerror}")
    if not paths:
        raise PuzzleError(_("{folder}: no puzzle files (*.toml) found").format(folder=folder))
    collection = Collection(tuple(load(path) for path in paths), tuple(skipped))
    seen: dict[str, str] = {}
    for puzzle in collection.puzzles:
        if puzzle.id in seen:
            raise puzzle.error("id", _("the id is already used in {file}").format(file=seen[puzzle.id]))
        seen[puzzle.id] = puzzle.origin
    if check:
        from machiavelli_kit.puzzles.verify import verify  # loads the solver, so only when asked

        for puzzle in collection.puzzles:
            verify(puzzle)
    return collection
