"""What a teacher chooses for a worksheet: kept apart from the sheets so the command line reads it cheaply.

>>> SheetOptions(per_page=3).space
'lines'
>>> SheetOptions(space="dots")
Traceback (most recent call last):
...
machiavelli_kit.classroom.sheet_options.WorksheetError: 'dots' is not a kind of writing space: choose lines, table, none
"""

from __future__ import annotations

from dataclasses import dataclass

from machiavelli_kit.core.cards import quote
from machiavelli_kit.i18n import _

SPACES = ("lines", "table", "none")
"""Room to answer: ruled lines (by the hand and the table, never the answer), a blank table to draw in, or none."""
ORDERS = ("easy", "given")
"""``easy``: inside each chapter, fewer cards to look at first; ``given``: as chosen."""
FORMATS = ("html", "pdf")
MAX_PER_PAGE = 6


class WorksheetError(ValueError):
    """A worksheet option that makes no sense; the message names it."""


@dataclass(frozen=True)
class SheetOptions:
    """How the sheets look; every option has a sensible default."""

    name_line: bool = True
    """A line for the student's name, class and date at the top of the sheet."""
    ink_saving: bool = False
    """Black and white: the cards on white, no solid green blocks."""
    space: str = "lines"
    per_page: int = 2
    """Puzzles on one printed page of the student sheet, drawn smaller to fit (refused when too small to read)."""
    order: str = "easy"
    four_colour: bool = False

    def __post_init__(self) -> None:
        if self.space not in SPACES:
            # TRANSLATORS: {choices} are option values as a program writes them (lines, table, none).
            message = _("{space} is not a kind of writing space: choose {choices}")
            raise WorksheetError(message.format(space=quote(self.space), choices=", ".join(SPACES)))
        if self.order not in ORDERS:
            message = _("{order} is not an order: choose {choices}")
            raise WorksheetError(message.format(order=quote(self.order), choices=", ".join(ORDERS)))
        if not 1 <= self.per_page <= MAX_PER_PAGE:
            message = _("puzzles per page must be 1 to {most}, not {count}")
            raise WorksheetError(message.format(most=MAX_PER_PAGE, count=self.per_page))
