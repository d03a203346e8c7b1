"""PDF worksheets: opened, counted, read and rendered by PDFium, as a teacher's viewer would."""

from __future__ import annotations

import re

import numpy
import pypdfium2 as pdfium
import pytest

from machiavelli_kit.classroom.sheet_layout import arrange
from machiavelli_kit.classroom.sheet_options import SheetOptions, WorksheetError
from machiavelli_kit.classroom.sheet_pdf import answers_pdf, worksheet_pdf
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.format import Puzzle

COLLECTION = load_collection()
SMALL = [COLLECTION.find(puzzle_id) for puzzle_id in ("bga-7", "first-lay", "bga-1", "it-4")]
"""Four puzzles with small tables: two fit on a page with their writing lines."""


def page_texts(pdf: bytes) -> list[str]:
    """Each page's text, with line breaks and runs of spaces made single spaces."""
    document = pdfium.PdfDocument(pdf)
    return [re.sub(r"\s+", " ", page.get_textpage().get_text_bounded()) for page in document]


def green_and_dark(pdf: bytes) -> tuple[float, float]:
    """The first page rendered: the share of felt-green pixels and of dark pixels."""
    image = pdfium.PdfDocument(pdf)[0].render(scale=0.5).to_pil().convert("RGB")
    red, green, blue = (numpy.asarray(image, dtype=int)[:, :, channel] for channel in range(3))
    greenish = (green > red + 40) & (green > blue + 20)
    return float(greenish.mean()), float((red + green + blue < 200).mean())


def in_order(puzzles: list[Puzzle]) -> list[Puzzle]:
    return [puzzle for section in arrange(puzzles, COLLECTION.chapters) for _, puzzle in section.puzzles]


def test_two_puzzles_a_page_the_first_puzzle_and_the_name_line_on_page_one() -> None:
    texts = page_texts(worksheet_pdf(SMALL, "Homework 4", chapters=COLLECTION.chapters))
    first, _, third, fourth = in_order(SMALL)
    assert len(texts) == 2
    assert "Puzzle 1" in texts[0] and "Name:" in texts[0] and "Class:" in texts[0] and "Date:" in texts[0]
    assert "Puzzle 3" in texts[1] and "Puzzle 4" in texts[1]
    assert COLLECTION.chapters[0].title in texts[0]
    for puzzle in (first, third, fourth):  # the titles name the answer: on the key only
        assert puzzle.title not in " ".join(texts)


@pytest.mark.parametrize(("per_page", "pages"), [(1, 4), (3, 2)])
def test_puzzles_per_page_sets_the_page_count(per_page: int, pages: int) -> None:
    options = SheetOptions(per_page=per_page, name_line=False, space="none")
    assert len(page_texts(worksheet_pdf(SMALL, "Homework", options))) == pages


def test_the_student_sheet_gives_nothing_away_and_the_key_tells_it_in_words() -> None:
    stuck = [COLLECTION.find(puzzle_id) for puzzle_id in ("bga-3", "it-3")]
    sheet = " ".join(page_texts(worksheet_pdf(stuck, "Stuck")))
    key = " ".join(page_texts(answers_pdf(stuck, "Stuck")))
    for giveaway in ("grade", "impossible", "share code", "Answer", "draws a card", "frees"):
        assert giveaway not in sheet
    assert "Answer: Nothing can be played, so the player draws a card." in key
    assert "8♥ has no place: there is no other eight for a set" in key
    assert "7♦ joins the diamond run and frees 10♦" in key and "grade chain" in key


def test_ink_saving_prints_no_green_block() -> None:
    colour_green, _ = green_and_dark(worksheet_pdf(SMALL, "Colour"))
    ink_green, ink_dark = green_and_dark(worksheet_pdf(SMALL, "Ink", SheetOptions(ink_saving=True)))
    assert colour_green > 0.01
    assert ink_green == 0 and ink_dark < 0.03


def test_a_blank_table_to_draw_in_and_no_name_line() -> None:
    text = " ".join(page_texts(worksheet_pdf(SMALL[:1], "Draw", SheetOptions(space="table", name_line=False))))
    assert "Draw your table here" in text and "Name:" not in text


def test_the_fonts_travel_inside_the_file() -> None:
    pdf = worksheet_pdf(SMALL[:1], "Fonts")
    assert b"/FontFile2" in pdf and re.search(rb"/BaseFont /[A-Z]{6}\+DejaVuSans", pdf)  # DejaVu, embedded
    assert b"/BaseFont /ZapfDingbats" in pdf  # the suits: a font every PDF reader carries
    assert worksheet_pdf(SMALL[:1], "Fonts") == pdf  # the same sheet twice is the same file


def test_per_page_fills_the_pages_drawing_the_puzzles_smaller() -> None:
    """A chain chapter with a table to draw in took a page a puzzle (52 pages): now two a page, read back."""
    chapter = COLLECTION.chapter("ch07-chain").puzzles
    texts = page_texts(worksheet_pdf(chapter, "Chains", SheetOptions(space="table", per_page=2)))
    assert len(texts) == 26
    for page, text in enumerate(texts):
        assert re.findall(r"Puzzle (\d+)", text) == [str(2 * page + 1), str(2 * page + 2)]
        assert "Draw your table here" in text
    sheet = " ".join(texts)
    for puzzle in chapter:  # no title, technique or answer on the student sheet
        assert puzzle.title not in sheet
    for giveaway in ("chain", "frees", "Answer", "grade"):
        assert giveaway not in sheet


def test_five_small_puzzles_a_page_without_room_to_answer() -> None:
    chapter = COLLECTION.chapter("ch01-first-steps").puzzles
    assert len(page_texts(worksheet_pdf(chapter, "Warm-ups", SheetOptions(space="none", per_page=5)))) == 4


def test_too_many_a_page_is_refused_naming_the_puzzle_and_what_fits() -> None:
    chapter = COLLECTION.chapter("ch10-expert").puzzles
    with pytest.raises(WorksheetError) as refused:
        worksheet_pdf(chapter, "Expert", SheetOptions(per_page=6))
    assert str(refused.value) == "Puzzle 35 is too big to print 6 to a page: choose 2 a page or fewer."
