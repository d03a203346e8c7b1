"""A puzzle's title as the trainer shows it: neutral until the learner solved it, took a hint or gave up.

Most titles name the answer ("The chain from 9♣", "Lay your own sixes (6♥ 6♦ 6♣)"),
so before that the trainer names a puzzle by its place in its chapter only.

>>> from machiavelli_kit.puzzles.collection import load_collection
>>> collection = load_collection()
>>> puzzle = collection.find("it-3")
>>> place = place_in_chapter(collection, puzzle.id)
>>> shown_title(puzzle, Record(), place, lang="en")
'Puzzle 16 of 17'
>>> shown_title(puzzle, Record(hints=1), place, lang="en") == puzzle.title
True
"""

from __future__ import annotations

from machiavelli_kit.i18n import _, speaking
from machiavelli_kit.practice.progress import Record
from machiavelli_kit.puzzles.collection import Collection
from machiavelli_kit.puzzles.format import Puzzle


def revealed(record: Record, helped: bool = False) -> bool:
    """Whether the learner may see the real title: solved (alone or with help), hinted, or Solve pressed."""
    return helped or record.hints > 0 or record.solved or record.solved_with_help


def place_in_chapter(collection: Collection, puzzle_id: str) -> tuple[int, int] | None:
    """The puzzle's place in its chapter's file (1 first) and the chapter's size; ``None`` outside any chapter."""
    for chapter in collection.chapters:
        ids = [puzzle.id for puzzle in chapter.puzzles]
        if puzzle_id in ids:
            return ids.index(puzzle_id) + 1, len(ids)
    return None


def neutral_title(place: tuple[int, int] | None) -> str:
    """A title that tells nothing of the answer: the puzzle's place in its chapter."""
    if place is None:
        return _("Puzzle")
    # TRANSLATORS: a puzzle's title in the trainer before it is solved, e.g. "Puzzle 7 of 52" (of its chapter).
    return _("Puzzle {number} of {count}").format(number=place[0], count=place[1])


def shown_title(
    puzzle: Puzzle, record: Record, place: tuple[int, int] | None, helped: bool = False, lang: str | None = None
) -> str:
    """The real title once :func:`revealed`, else :func:`neutral_title`, in ``lang`` (else the language in use)."""
    with speaking(lang):
        return puzzle.title_in() if revealed(record, helped) else neutral_title(place)
