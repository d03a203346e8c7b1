"""The rule documents' worked examples and the meld-validity examples of the quiz.

The worked examples are the chapter-1 puzzles that tell a story: the
positions, answers and stories live once, in ``puzzles/ch01-first-steps.toml``.
Suits lost with the documents' pictures are reconstructed as in the kit's
rules synthesis; each story is told in the kit's own words.

>>> [item.id for item in worked_examples()][:3]  # chapter 1 puts the easiest first
['bga-7', 'bga-1', 'it-4']
>>> example("it-3").position.hand
(Card.parse('7S'), Card.parse('9H'))
>>> sum(item.valid for item in VALIDITY_EXAMPLES), len(VALIDITY_EXAMPLES)
(7, 15)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from machiavelli_kit.puzzles.format import Puzzle

FIRST_CHAPTER = "ch01"


@dataclass(frozen=True)
class ValidityExample:
    """Cards offered as one meld, whether they form one, and the reason."""

    cards: str
    valid: bool
    reason: str


VALIDITY_EXAMPLES: tuple[ValidityExample, ...] = (
    ValidityExample("5S 5H 5D", True, "three fives of different suits: a set"),
    ValidityExample("5S 5H 5D 5C", True, "all four fives: the largest set"),
    ValidityExample("5S 5H", False, "two cards are too few; a meld needs three"),
    ValidityExample("5H 5H 5S", False, "two fives of hearts: a set needs a different suit on every card"),
    ValidityExample("5S 6H 7S", False, "the ranks follow each other, but a run keeps to one suit"),
    ValidityExample("5H 6H 7H", True, "three hearts in a row: a run"),
    ValidityExample("5H 6H 7H 8H", True, "four hearts in a row: a longer run"),
    ValidityExample("5H 6H", False, "two cards are too few, even in a row"),
    ValidityExample("5H 6H 8H", False, "the seven is missing, so the cards are not in a row"),
    ValidityExample("AH 2H 3H", True, "the ace may go before the two"),
    ValidityExample("QH KH AH", True, "the ace may go after the king"),
    ValidityExample("KH AH 2H", False, "an ace can't sit between a king and a two"),
    ValidityExample("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", True, "every heart from ace to king: the longest run"),
    ValidityExample("10C JC QC KC AC 2C", False, "a run can't go on from the king through the ace to the two"),
    ValidityExample("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", False, "an ace at both ends: A♥ twice"),
)


@cache
def worked_examples() -> tuple[Puzzle, ...]:
    """The rule documents' worked examples, in the order of chapter 1."""
    from machiavelli_kit.puzzles.collection import load_collection

    return tuple(puzzle for puzzle in load_collection().chapter(FIRST_CHAPTER).puzzles if puzzle.story)


def example(identifier: str) -> Puzzle:
    """The worked example with this id, e.g. ``"bga-7"``."""
    for item in worked_examples():
        if item.id == identifier:
            return item
    known = ", ".join(item.id for item in worked_examples())
    raise KeyError(f"no worked example {identifier!r}: choose from {known}")


__all__ = ["VALIDITY_EXAMPLES", "ValidityExample", "example", "worked_examples"]
