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

from machiavelli_kit.i18n import N_, _, speaking
from machiavelli_kit.puzzles.format import Puzzle

FIRST_CHAPTER = "ch01"


@dataclass(frozen=True)
class ValidityExample:
    """Cards offered as one meld, whether they form one, and the reason."""

    cards: str
    valid: bool
    reason: str
    """The reason in English (marked for the catalogs); :meth:`said_reason` says it in a language."""

    def said_reason(self, lang: str | None = None) -> str:
        """The reason in the language in use (or ``lang``).

        >>> VALIDITY_EXAMPLES[0].said_reason(lang="it")
        'tre cinque di semi diversi: un tris'
        """
        with speaking(lang):
            return _(self.reason)


# TRANSLATORS: the reasons a quiz gives why some cards are, or are not, one meld.
VALIDITY_EXAMPLES: tuple[ValidityExample, ...] = (
    ValidityExample("5S 5H 5D", True, N_("three fives of different suits: a set")),
    ValidityExample("5S 5H 5D 5C", True, N_("all four fives: the largest set")),
    ValidityExample("5S 5H", False, N_("two cards are too few; a meld needs three")),
    ValidityExample("5H 5H 5S", False, N_("two fives of hearts: a set needs a different suit on every card")),
    ValidityExample("5S 6H 7S", False, N_("the ranks follow each other, but a run keeps to one suit")),
    ValidityExample("5H 6H 7H", True, N_("three hearts in a row: a run")),
    ValidityExample("5H 6H 7H 8H", True, N_("four hearts in a row: a longer run")),
    ValidityExample("5H 6H", False, N_("two cards are too few, even in a row")),
    ValidityExample("5H 6H 8H", False, N_("the seven is missing, so the cards are not in a row")),
    ValidityExample("AH 2H 3H", True, N_("the ace may go before the two")),
    ValidityExample("QH KH AH", True, N_("the ace may go after the king")),
    ValidityExample("KH AH 2H", False, N_("an ace can't sit between a king and a two")),
    ValidityExample(
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", True, N_("every heart from ace to king: the longest run")
    ),
    ValidityExample("10C JC QC KC AC 2C", False, N_("a run can't go on from the king through the ace to the two")),
    ValidityExample("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", False, N_("an ace at both ends: A♥ twice")),
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
    raise KeyError(_("no worked example {name}: choose from {known}").format(name=repr(identifier), known=known))


__all__ = ["VALIDITY_EXAMPLES", "ValidityExample", "example", "worked_examples"]
