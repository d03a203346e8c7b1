"""The puzzles themselves: the file format, the bundled collection, position ids, the generator and grader.

A chapter file (:mod:`.format`) holds puzzles: a position, rules, a goal, the answer,
hints and stories in each language. The collection loads the bundled chapters; every
answer is checked against the solver (:mod:`.verify`), graded by technique
(:mod:`.grader`), and the generated chapters are made again from their recipes
(:mod:`.generator`, :mod:`.recipes`). A position id is a one-line text that shares a
position. The names below are imported when first used (:mod:`machiavelli_kit.faces`).

>>> collection = load_collection()
>>> puzzle = collection.find("bga-1")
>>> puzzle.answer, parse_position_id(format_position_id(puzzle.position, puzzle.rules)).position == puzzle.position
(1, True)
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from machiavelli_kit.puzzles.collection import Collection, load_collection
    from machiavelli_kit.puzzles.format import TECHNIQUES, Chapter, Puzzle, PuzzleError, dump, load, loads
    from machiavelli_kit.puzzles.generator import Recipe, generate, generate_chapter
    from machiavelli_kit.puzzles.grader import Grade, grade
    from machiavelli_kit.puzzles.position_id import (
        PositionIdError,
        SharedPosition,
        format_position_id,
        parse_position_id,
    )
    from machiavelli_kit.puzzles.recipes import RECIPES, recipe, regenerate
    from machiavelli_kit.puzzles.verify import Verdict, check_answer, complete
else:
    from machiavelli_kit.faces import lazy_names

    __getattr__, __dir__ = lazy_names(__name__)

__all__ = [
    "RECIPES",
    "TECHNIQUES",
    "Chapter",
    "Collection",
    "Grade",
    "PositionIdError",
    "Puzzle",
    "PuzzleError",
    "Recipe",
    "SharedPosition",
    "Verdict",
    "check_answer",
    "complete",
    "dump",
    "format_position_id",
    "generate",
    "generate_chapter",
    "grade",
    "load",
    "load_collection",
    "loads",
    "parse_position_id",
    "recipe",
    "regenerate",
]
