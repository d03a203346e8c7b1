"""Time the puzzle generator and the collection's loading and verification; print its size per chapter and
level, and how its yes-or-no answers split.

Run: ``.venv/bin/python benchmarks/puzzle_collection.py``

The generator runs into a scratch folder, chapter by chapter, and the script
checks that it reproduces the bundled generated chapters exactly (to rewrite
them, use ``machiavelli-kit puzzles generate --out puzzles/``). Then every
puzzle is loaded strictly and verified by the solver.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from machiavelli_kit.core.goal import GoalKind
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.format import TECHNIQUES, Chapter
from machiavelli_kit.puzzles.recipes import regenerate, same_as_bundled


def main() -> int:
    status = 0
    with tempfile.TemporaryDirectory() as scratch:
        started = time.perf_counter()
        for timing in regenerate(Path(scratch)):
            same = same_as_bundled(Path(scratch), timing.name)
            status |= not same
            rate = timing.puzzles / timing.seconds
            verdict = "reproduced exactly" if same else "DIFFERS from the bundled file"
            print(f"generated {timing.name:<16} {timing.puzzles:>4} puzzles in {timing.seconds:6.1f} s "
                  f"({rate:5.2f} puzzles/s): {verdict}")  # fmt: skip
        print(f"generation: {time.perf_counter() - started:.1f} s")
    started = time.perf_counter()
    collection = load_collection()
    loading = time.perf_counter() - started
    started = time.perf_counter()
    collection = load_collection(check=True)
    verification = time.perf_counter() - started
    print(f"strict loading: {loading:.2f} s; loading with solver verification: {verification:.2f} s")
    _table(collection.chapters)
    _answers(collection.chapters)
    return status


def _table(chapters: tuple[Chapter, ...]) -> None:
    shown = TECHNIQUES
    print(f"\n{'chapter':<18}" + "".join(f"{name[:9]:>10}" for name in shown) + f"{'total':>8}")
    totals: Counter[str] = Counter()
    for chapter in chapters:
        grades = Counter(puzzle.grade or "?" for puzzle in chapter.puzzles)
        totals.update(grades)
        cells = "".join(f"{grades.get(name, 0) or '':>10}" for name in shown)
        print(f"{chapter.name:<18}{cells}{sum(grades.values()):>8}")
    print(f"{'all':<18}" + "".join(f"{totals.get(name, 0):>10}" for name in shown) + f"{sum(totals.values()):>8}")


def _answers(chapters: tuple[Chapter, ...]) -> None:
    """Yes and no per yes-or-no goal: close (yes/no), play a card (yes/no), decide (play/restore)."""
    kinds = (GoalKind.CLOSE, GoalKind.PLAY, GoalKind.DECIDE)
    print(f"\n{'answers':<18}" + "".join(f"{kind.value + ' yes/no':>16}" for kind in kinds))
    for chapter in chapters:
        split = Counter((puzzle.goal.kind, puzzle.feasible) for puzzle in chapter.puzzles)
        shown = [f"{split[kind, True]}/{split[kind, False]}" if kind in {k for k, _ in split} else "" for kind in kinds]
        print(f"{chapter.name:<18}" + "".join(f"{cell:>16}" for cell in shown))


if __name__ == "__main__":
    sys.exit(main())
