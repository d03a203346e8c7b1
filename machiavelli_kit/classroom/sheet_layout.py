"""What goes on a worksheet and its answer key, whichever file it is written to (HTML or PDF).

The puzzles grouped under their chapters and numbered, where a page ends, the room
to answer, the line a puzzle's rules or key facts take, and the words both keys say.

>>> from machiavelli_kit.puzzles.collection import load_collection
>>> collection = load_collection()
>>> chosen = [collection.find("spare-1"), collection.find("first-lay"), collection.find("bga-7")]
>>> sections = arrange(chosen, collection.chapters)  # by chapter, fewer cards first
>>> [[(number, puzzle.id) for number, puzzle in section.puzzles] for section in sections]
[[(1, 'bga-7'), (2, 'first-lay')], [(3, 'spare-1')]]
>>> [(number, new_page) for _, number, _, new_page in pages(sections, per_page=2)]
[(1, False), (2, False), (3, True)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from machiavelli_kit.classroom.answer_key import KeyEntry
from machiavelli_kit.classroom.sheet_options import WorksheetError
from machiavelli_kit.core.position import Table
from machiavelli_kit.core.rules_words import rules_text
from machiavelli_kit.i18n import N_, _
from machiavelli_kit.puzzles.format import Chapter, Puzzle
from machiavelli_kit.puzzles.names import technique_name
from machiavelli_kit.puzzles.position_id import format_position_id

# TRANSLATORS: the line at the top of a worksheet where a student writes their name, class and date.
NAME_LINE = (N_("Name:"), N_("Class:"), N_("Date:"))
MOST_LINES = 12


@dataclass(frozen=True)
class Section:
    """The puzzles of one chapter on a sheet, numbered in sheet order; an untitled section has no chapter."""

    title: str
    intro: str
    puzzles: tuple[tuple[int, Puzzle], ...]


def arrange(puzzles: Sequence[Puzzle], chapters: Sequence[Chapter] = (), order: str = "easy") -> tuple[Section, ...]:
    """The puzzles grouped under their chapters (chapter order for ``easy``, first seen for ``given``).

    ``easy`` puts the puzzles with fewer cards (table and hand) first inside each
    chapter: only what the student sees decides, so the order never hints at an
    answer (sorting by grade would put every "no play" puzzle last).
    """
    if not puzzles:
        raise WorksheetError(_("a worksheet needs at least one puzzle"))
    home = {puzzle.id: chapter for chapter in chapters for puzzle in chapter.puzzles}
    groups: dict[str, list[Puzzle]] = {}
    for puzzle in puzzles:
        groups.setdefault(home[puzzle.id].name if puzzle.id in home else "", []).append(puzzle)
    names = list(groups)
    if order == "easy":
        rank = {chapter.name: place for place, chapter in enumerate(chapters)}
        names.sort(key=lambda name: rank.get(name, len(rank)))
        for group in groups.values():
            group.sort(key=visible_cards)
    by_name = {chapter.name: chapter for chapter in chapters}
    sections, number = [], 0
    for name in names:
        numbered = tuple(enumerate(groups[name], start=number + 1))
        number += len(numbered)
        chapter = by_name.get(name)
        sections.append(Section(chapter.title_in() if chapter else "", chapter.intro_in() if chapter else "", numbered))
    return tuple(sections)


def visible_cards(puzzle: Puzzle) -> int:
    """The cards a student looks at: on the table and in the hand."""
    return sum(puzzle.position.table.cards().values()) + len(puzzle.position.hand)


def pages(sections: Sequence[Section], per_page: int) -> Iterator[tuple[Section, int, Puzzle, bool]]:
    """Every puzzle with its section and number, and whether a new page starts before it."""
    count = 0
    for section in sections:
        for number, puzzle in section.puzzles:
            yield section, number, puzzle, count > 0 and count % per_page == 0
            count += 1


def writing_lines(puzzle: Puzzle) -> int:
    """Ruled lines for the answer, from what the student sees: one a hand card, one for every two melds on
    the table (to move them about), and one more; 12 at most.

    Never from the answer: lines that followed the example play's moves told "yes"
    to a student who counted them against the hand.

    >>> from machiavelli_kit.puzzles.collection import load_collection
    >>> chain = load_collection().find("it-3")  # 2 cards in the hand, 4 melds on the table
    >>> writing_lines(chain)
    5
    """
    melds = len(puzzle.position.table.melds)
    return min(len(puzzle.position.hand) + -(-melds // 2) + 1, MOST_LINES)


def table_rows(puzzle: Puzzle) -> int:
    """Rows of cards in the blank outline: the table's rows (four melds a row) and one more."""
    return -(-len(puzzle.position.table.melds) // 4) + 1


def sheet_heading(number: int) -> str:
    """A puzzle's heading on the student sheet: its number only, for a title would tell the answer
    (the card to play, the meld to lay, the technique); the key keeps the titles."""
    # TRANSLATORS: a puzzle's heading on a student's worksheet, e.g. "Puzzle 7".
    return _("Puzzle {number}").format(number=number)


def draw_here() -> str:
    """The label of the blank table a student draws the answer in."""
    return _("Draw your table here")


def sheet_meta(puzzle: Puzzle) -> str:
    """The puzzle's rules, the only fact about it the student sheet states."""
    return _("Rules: {rules}").format(rules=rules_text(puzzle.rules))


def answers_title(title: str) -> str:
    """The answer key's title for a worksheet called ``title``."""
    # TRANSLATORS: the answer key's title; {title} is the worksheet's title, e.g. "Homework".
    return _("{title}: answers").format(title=title)


def key_meta(puzzle: Puzzle) -> str:
    """What the teacher may want on the key: id, grade, par and the code that shares the position."""
    par = puzzle.par if puzzle.par is not None else "–"
    share = format_position_id(puzzle.position, puzzle.rules, puzzle.goal)
    # TRANSLATORS: on the answer key; {grade} is a technique's name (spare card, chain, ...),
    # par the fewest moves, the share code a text that opens the position in the kit.
    return _("{id} · grade {grade} · par {par} · share code {code}").format(
        id=puzzle.id, grade=technique_name(puzzle.grade), par=par, code=share
    )


def answer_line(entry: KeyEntry) -> str:
    """The key's answer to a puzzle, in a line of its own."""
    # TRANSLATORS: {answer} is the answer in a sentence, e.g. "Play 1 card (4♥)."
    return _("Answer: {answer}").format(answer=entry.answer)


def why_heading() -> str:
    """The words before the reasons each card is stuck."""
    return _("Why:")


def example_line(table: Table) -> str:
    """The table of the key's example play, in the card notation."""
    # TRANSLATORS: {table} is the table after an example play, in the card notation (7H 8H 9H | ...).
    return _("Example table: {table}").format(table=table)
