"""Regenerate or verify the bundled puzzle collection, with timings and its size per chapter and level.

Run: ``.venv/bin/python benchmarks/puzzle_collection.py [--regenerate] [--dir puzzles]``

Without ``--regenerate`` the generator runs into a temporary folder and the
script checks that it reproduces the bundled generated chapters exactly;
with it, the generated chapter files in ``--dir`` are rewritten (chapter 1 is
hand-written and left alone). Then every puzzle is loaded strictly and
verified by the solver, and the collection's size is printed per chapter and
per grade (the technique ladder).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from machiavelli_kit.puzzles.collection import COLLECTION_DIR, load_collection
from machiavelli_kit.puzzles.format import Chapter
from machiavelli_kit.puzzles.grader import TECHNIQUES
from machiavelli_kit.puzzles.recipes import RECIPES, regenerate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--regenerate", action="store_true", help="rewrite the generated chapter files")
    parser.add_argument("--dir", type=Path, default=COLLECTION_DIR, help="the collection folder")
    arguments = parser.parse_args()
    status = 0
    with tempfile.TemporaryDirectory() as scratch:
        target = arguments.dir if arguments.regenerate else Path(scratch)
        started = time.perf_counter()
        timings = regenerate(target)
        generation = time.perf_counter() - started
        for timing in timings:
            print(f"generated {timing.name:<16} {timing.puzzles:>4} puzzles in {timing.seconds:6.1f} s")
        print(f"generation: {generation:.1f} s")
        if not arguments.regenerate:
            for recipe in RECIPES:
                fresh = (target / f"{recipe.name}.toml").read_text(encoding="utf-8")
                stored = arguments.dir / f"{recipe.name}.toml"
                same = stored.exists() and stored.read_text(encoding="utf-8") == fresh
                if not same:
                    status = 1
                print(f"{recipe.name}: {'reproduced exactly' if same else 'DIFFERS from the bundled file'}")
    started = time.perf_counter()
    collection = load_collection(arguments.dir)
    loading = time.perf_counter() - started
    started = time.perf_counter()
    collection = load_collection(arguments.dir, check=True)
    verification = time.perf_counter() - started - loading
    print(f"strict loading: {loading:.2f} s; solver verification: {verification:.2f} s")
    _table(collection.chapters)
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


if __name__ == "__main__":
    sys.exit(main())
