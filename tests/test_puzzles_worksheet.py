"""Worksheets: the student sheet gives nothing away, the key tells the answers in words, each option shows."""

from __future__ import annotations

import re
from dataclasses import replace
from html import escape
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli_kit.classroom.answer_key import answer_key
from machiavelli_kit.classroom.sheet_files import export_worksheet
from machiavelli_kit.classroom.sheet_html import answers_html, worksheet_html
from machiavelli_kit.classroom.sheet_layout import arrange, table_rows, visible_cards, writing_lines
from machiavelli_kit.classroom.sheet_options import SheetOptions, WorksheetError
from machiavelli_kit.core.svg import FELT
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.puzzles.position_id import format_position_id

COLLECTION = load_collection()
NO_PLAY = "Nothing can be played, so the player draws a card."


def puzzles(*ids: str) -> list[Puzzle]:
    return [COLLECTION.find(puzzle_id) for puzzle_id in ids]


def numbered_titles(sheet: str) -> list[str]:
    """The puzzle headings of a sheet, in order, without their numbers."""
    return [re.sub(r"^\d+\. ", "", title) for title in re.findall(r"<h3>(.*?)</h3>", sheet)]


def test_export_holds_the_puzzles_and_the_answers(tmp_path: Path) -> None:
    chosen = puzzles("bga-1", "it-3", "bga-3")
    sheet, answers = export_worksheet(chosen, tmp_path / "out", "Homework 1")
    questions, solutions = sheet.read_text(encoding="utf-8"), answers.read_text(encoding="utf-8")
    for puzzle in chosen:  # the titles name the answer ("Not enough to go round"): on the key only
        assert puzzle.title not in questions and puzzle.title in solutions
    assert numbered_titles(questions) == ["Puzzle 1", "Puzzle 2", "Puzzle 3"]
    assert questions.count("<svg") == 3
    assert "Answer" not in questions and "10♦ joins the tens and frees 10♥" not in questions
    assert "Answer: Play 1 card (4♥)." in solutions and f"Answer: {NO_PLAY}" in solutions
    assert "10♦ joins the tens and frees 10♥" in solutions
    assert "Example table: 7♠ 7♥ 7♣ | 7♦ 8♦ 9♦ | 10♦ 10♣ 10♠ | 9♥ 10♥ J♥ Q♥ K♥" in solutions
    assert "Under the rules" not in solutions and "Answer: restore" not in solutions


def test_the_student_sheet_shows_no_grade_share_code_or_answer() -> None:
    chapter = COLLECTION.select(chapter="ch08")[:12]
    assert any(not puzzle.feasible for puzzle in chapter) and any(puzzle.feasible for puzzle in chapter)
    sheet = worksheet_html(chapter, "Play or draw")
    key = answers_html(chapter, "Play or draw")
    for puzzle in chapter:
        share = format_position_id(puzzle.position, puzzle.rules, puzzle.goal)
        assert share not in sheet and share in key
        for move in answer_key(puzzle).moves:
            assert move not in sheet
    for giveaway in ("grade", "impossible", "restore", "par ", "Answer", NO_PLAY, "has no place"):
        assert giveaway not in sheet
    assert "grade nothing to play" in key and NO_PLAY in key


def test_where_nothing_can_be_played_the_key_says_why_card_by_card() -> None:
    key = answers_html(puzzles("bga-3", "restore-7"), "Stuck")
    assert key.count(f"Answer: {NO_PLAY}") == 2
    assert "8♥ has no place: there is no other eight for a set; 6♥ 7♥ (for a run) could go with it" in key
    for card in ("7♦", "9♥", "Q♠", "Q♦"):
        assert f"<li>{card} has no place: " in key
    assert "9♥ has no place: there is no other nine for a set, and no run of three hearts can be made with it." in key


def test_a_whole_hand_that_cannot_be_played_gets_the_best_play_and_the_card_left() -> None:
    entry = answer_key(COLLECTION.find("first-lay"))
    assert entry.answer == "No, at most 3 cards can be played, and K♦ stays in the hand."
    assert entry.moves[0] == "9♠ from the hand starts a new set of nines"
    assert entry.reasons == (
        "K♦ has no place: there is no other king for a set, and no run of three diamonds can be made with it.",
    )


def test_answers_under_other_rules_are_on_the_answer_sheet() -> None:
    solutions = answers_html(puzzles("first-corner"), "Variants")
    assert f"Answer: No, {NO_PLAY[0].lower()}{NO_PLAY[1:]}" in solutions
    assert "Under the rules bga(wrap=true): yes." in solutions


def test_ink_saving_draws_no_solid_fills() -> None:
    chosen = puzzles("bga-1", "it-3", "bga-3")
    colour = worksheet_html(chosen, "Colour")
    ink_saving = worksheet_html(chosen, "Ink", SheetOptions(ink_saving=True))
    assert f'fill="{FELT}"' in colour
    fills = set(re.findall(r'<rect[^>]*?fill="([^"]+)"', ink_saving))
    assert fills <= {"#ffffff", "none"} and "none" in fills
    assert "background" not in ink_saving


def test_the_name_class_and_date_line_is_there_unless_turned_off() -> None:
    chosen = puzzles("bga-1")
    with_line = worksheet_html(chosen, "Homework")
    without = worksheet_html(chosen, "Homework", SheetOptions(name_line=False))
    for word in ("Name:", "Class:", "Date:"):
        assert word in with_line and word not in without


def test_easy_puzzles_come_first_inside_each_chapter_and_chapters_keep_their_order() -> None:
    chosen = [*COLLECTION.select(chapter="ch02")[:6], *COLLECTION.select(chapter="ch01")[:6]][::-1]
    sections = arrange(chosen, COLLECTION.chapters)
    assert [section.title for section in sections] == [COLLECTION.chapters[0].title, COLLECTION.chapters[2].title]
    for section in sections:
        sizes = [visible_cards(puzzle) for _, puzzle in section.puzzles]
        assert sizes == sorted(sizes)
    sheet = worksheet_html(chosen, "Mixed", chapters=COLLECTION.chapters)
    key = answers_html(chosen, "Mixed", chapters=COLLECTION.chapters)
    assert numbered_titles(key) == [puzzle.title for section in sections for _, puzzle in section.puzzles]
    assert numbered_titles(sheet) == [f"Puzzle {number}" for number in range(1, 13)]
    assert escape(COLLECTION.chapters[0].intro) in sheet and escape(COLLECTION.chapters[2].intro) in sheet
    given = answers_html(chosen, "Mixed", SheetOptions(order="given"))
    assert numbered_titles(given) == [puzzle.title for puzzle in chosen]


def test_the_writing_space_fits_the_puzzle_or_is_a_blank_table() -> None:
    chain = COLLECTION.find("it-3")
    lines = worksheet_html([chain], "Lines")
    hand, melds = len(chain.position.hand), len(chain.position.table.melds)
    assert lines.count("<div></div>") == writing_lines(chain) == hand + melds // 2 + 1 == 5
    table = worksheet_html([chain], "Table", SheetOptions(space="table"))
    assert "Draw your table here" in table and "<div></div>" not in table
    bare = worksheet_html([chain], "None", SheetOptions(space="none"))
    assert "Draw your table here" not in bare and "<div></div>" not in bare


@given(st.sampled_from(COLLECTION.puzzles), st.sampled_from(COLLECTION.puzzles))
def test_the_room_to_answer_follows_the_position_never_the_answer(puzzle: Puzzle, other: Puzzle) -> None:
    """The answer, moves, example table, grade and title of another puzzle change neither lines nor rows:
    lines that followed the example play's moves told "yes" (92 of the 233 yes/no puzzles)."""
    swapped = replace(
        puzzle, answer=other.answer, par=other.par, solution=other.solution, grade=other.grade, title=other.title
    )
    assert writing_lines(swapped) == writing_lines(puzzle) and table_rows(swapped) == table_rows(puzzle)
    for space in ("lines", "table"):
        options = SheetOptions(space=space)
        assert worksheet_html([swapped], "Same", options) == worksheet_html([puzzle], "Same", options)


def test_a_chapter_introduction_says_what_it_teaches_not_how_many_answers_are_no() -> None:
    """Chapter 1 announced "two tables where nothing can be played"; no introduction counts answers."""
    counting = re.compile(
        r"\b(one|two|three|four|five|due|tre|quattro|dwa|dwie|trzy|cztery)\b[^.;:]*"
        r"(nothing|impossible|niente|impossibil|nic|niemożliw)",
        re.IGNORECASE,
    )
    for chapter in COLLECTION.chapters:
        for lang in ("en", "it", "pl"):
            assert not counting.search(chapter.intro_in(lang)), (chapter.name, lang, chapter.intro_in(lang))


def test_several_puzzles_share_a_page() -> None:
    chosen = COLLECTION.select(chapter="ch01")[:7]
    for per_page, breaks in ((1, 6), (3, 2), (6, 1)):
        sheet = worksheet_html(chosen, "Pages", SheetOptions(per_page=per_page))
        assert sheet.count('class="new-page"') == breaks


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"space": "dots"}, "'dots' is not a kind of writing space: choose lines, table, none"),
        ({"order": "hard"}, "'hard' is not an order: choose easy, given"),
        ({"per_page": 0}, "puzzles per page must be 1 to 6, not 0"),
    ],
)
def test_bad_options_are_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(WorksheetError, match=re.escape(message)):
        SheetOptions(**options)  # type: ignore[arg-type]


def test_no_puzzles_and_unknown_formats_are_refused(tmp_path: Path) -> None:
    with pytest.raises(WorksheetError, match="at least one puzzle"):
        export_worksheet([], tmp_path, "Empty")
    with pytest.raises(WorksheetError, match="'docx' is not a format: choose html, pdf"):
        export_worksheet(puzzles("bga-1"), tmp_path, "Word", formats=("docx",))
    assert not list(tmp_path.iterdir())


def test_sheets_are_self_contained(tmp_path: Path) -> None:
    chosen = COLLECTION.select(chapter="ch01")
    sheet, answers = export_worksheet(chosen, tmp_path, "All of chapter 1", SheetOptions(space="table"))
    questions, solutions = sheet.read_text(encoding="utf-8"), answers.read_text(encoding="utf-8")
    assert "<script" not in questions + solutions and "http" not in questions.replace("http://www.w3.org", "")
