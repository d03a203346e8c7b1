"""A made-up class, for trying the class report without real students: seeded, so it is the same every time.

Each made-up student has a skill; each puzzle is harder the higher its
starting rating, and chains, identical copies and dissolves are made a little
harder still, so the report has weak themes to find. The folder also gets a
file that is not an export and a second copy of one student, as a real
hand-in folder might, to show that the report names and skips them.

>>> import tempfile, pathlib
>>> from machiavelli_kit.puzzles.collection import load_collection
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> files = write_sample_class(folder, load_collection(), ["bga-1", "it-3"], seed=1)
>>> from machiavelli_kit.classroom.report import gather
>>> report = gather(files, load_collection())
>>> len(report.students), [skipped.name for skipped in report.skipped]
(12, ['copy-of-ben-progress.json', 'lena-progress-broken.csv'])
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from pathlib import Path

from machiavelli_kit.classroom.exports import export_name, export_progress
from machiavelli_kit.files import write_atomically
from machiavelli_kit.practice.progress import Progress
from machiavelli_kit.practice.rating import start_rating
from machiavelli_kit.puzzles.collection import Collection

NAMES = ("Ada", "Ben", "Cleo", "Dev", "Emma", "Finn", "Gia", "Hugo", "Iris", "Jonas", "Kai", "Lena")
HARD_THEMES = {"chain": 200.0, "identical": 150.0, "dissolve": 100.0}
"""Extra rating points the made-up students feel on these themes."""


def sample_class(collection: Collection, puzzles: Sequence[str], *, seed: int = 0) -> list[Progress]:
    """One progress per made-up student over ``puzzles``; a student tries most of them, solving by skill."""
    rng = random.Random(seed)
    students = []
    for name in NAMES:
        skill = rng.gauss(1850, 130)
        progress = Progress(student=name)
        for puzzle_id in puzzles:
            if rng.random() < 0.15:
                continue  # not tried
            puzzle = collection.find(puzzle_id)
            hardness = start_rating(puzzle.grade, puzzle.effort).rating
            hardness += max((HARD_THEMES.get(theme, 0.0) for theme in puzzle.themes), default=0.0)
            chance = 1 / (1 + math.exp((hardness - skill) / 120))
            hints = rng.choice((0, 0, 1, 2)) if chance < 0.6 else 0
            for _ in range(hints):
                progress.hint(puzzle_id)
            solved = rng.random() < chance
            helped = not solved and rng.random() < 0.4
            if not solved and not helped:
                progress.attempt(puzzle_id, solved=False)
            progress.attempt(puzzle_id, solved=solved or helped, helped=helped)
            progress.spend(puzzle_id, rng.uniform(20, 240))
            progress.rate(
                puzzle_id,
                1.0 if solved and not hints else 0.5 if solved else 0.0,
                start_rating(puzzle.grade, puzzle.effort),
            )
        students.append(progress)
    return students


def write_sample_class(
    folder: str | Path, collection: Collection, puzzles: Sequence[str], *, seed: int = 0
) -> list[Path]:
    """Write the made-up class's exports into ``folder``, with one broken file and one student handed in twice."""
    folder = Path(folder)
    students = sample_class(collection, puzzles, seed=seed)
    paths = [export_progress(progress, folder / export_name(progress.student)) for progress in students]
    paths.append(export_progress(students[1], folder / "copy-of-ben-progress.json"))
    write_atomically(folder / "lena-progress-broken.csv", "student;puzzle\nLena;bga-1\n")
    return [*paths, folder / "lena-progress-broken.csv"]
