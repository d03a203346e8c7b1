"""``machiavelli-kit puzzles export``: formats, options, and a clear message for a bad option."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from machiavelli_kit.cli import main
from machiavelli_kit.core.svg import FELT
from machiavelli_kit.puzzles.collection import load_collection


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    code = main(["puzzles", "export", *arguments])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_format_pdf_writes_the_two_pdfs_only(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "bga-1", "it-3", "bga-3", "--format", "pdf", "--per-page", "1", "--out", str(tmp_path))
    assert code == 0 and out.startswith("3 puzzles: ") and "worksheet.pdf" in out and "answers.pdf" in out
    assert sorted(path.name for path in tmp_path.iterdir()) == ["answers.pdf", "worksheet.pdf"]
    sheet = pdfium.PdfDocument(tmp_path / "worksheet.pdf")
    assert len(sheet) == 3  # one puzzle a page; bga-3 has the fewest cards, so it comes first
    assert "Puzzle 1" in sheet[0].get_textpage().get_text_bounded()
    key = pdfium.PdfDocument(tmp_path / "answers.pdf")
    assert "1. Not enough to go round" in key[0].get_textpage().get_text_bounded()


def test_format_both_with_every_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, _ = run(
        capsys, "--chapter", "1", "--format", "both", "--ink-saving", "--space", "table", "--per-page", "3",
        "--order", "given", "--no-name-line", "--title", "Class 2B", "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "answers.html", "answers.pdf", "worksheet.html", "worksheet.pdf",
    ]  # fmt: skip
    sheet = (tmp_path / "worksheet.html").read_text(encoding="utf-8")
    assert "Class 2B" in sheet and "Draw your table here" in sheet
    assert FELT not in sheet and "Name:" not in sheet and "grade" not in sheet
    assert sheet.count('class="new-page"') == 5  # 17 puzzles, 3 a page


def test_a_chapter_is_named_by_its_id_and_count_takes_some_of_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--chapter 8`` is ch08 (restore), never the eighth file (ch07, chains: ch01b comes second)."""
    code, out, _ = run(capsys, "--chapter", "8", "--count", "5", "--out", str(tmp_path))
    assert code == 0 and out.startswith("5 puzzles: ")
    sheet = (tmp_path / "answers.html").read_text(encoding="utf-8")
    collection = load_collection()

    def printed(chapter: str) -> list[str]:
        ids = [puzzle.id for puzzle in collection.chapter(chapter).puzzles]
        return [pid for pid in ids if re.search(rf"(?<![\w-]){re.escape(pid)}(?![\w-])", sheet)]

    assert len(printed("ch08-restore")) == 5 and printed("ch07-chain") == []


def test_an_assignment_prints_its_puzzles_under_its_title(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assignment = tmp_path / "lesson.toml"
    assignment.write_text('title = "Rearranging, week 2"\npuzzles = ["bga-1", "bga-3"]\n', encoding="utf-8")
    code, out, _ = run(capsys, "--assignment", str(assignment), "--out", str(tmp_path / "sheets"))
    assert code == 0 and out.startswith("2 puzzles: ")
    sheet = (tmp_path / "sheets" / "worksheet.html").read_text(encoding="utf-8")
    key = (tmp_path / "sheets" / "answers.html").read_text(encoding="utf-8")
    assert "Rearranging, week 2" in sheet and "Puzzle 2" in sheet and "Not enough to go round" in key


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("bga-1", "--per-page", "9"), "puzzles per page must be 1 to 6, not 9"),
        (("bga-1", "--per-page", "two"), "argument --per-page: invalid int value: 'two'"),
        (("bga-1", "--space", "dots"), "argument --space: invalid choice: 'dots'"),
        (("bga-1", "--format", "docx"), "argument --format: invalid choice: 'docx'"),
        (("bga-1", "--order", "hard"), "argument --order: invalid choice: 'hard'"),
        (("no-such-puzzle",), "no puzzle has the id 'no-such-puzzle'"),
    ],
)
def test_bad_options_are_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, arguments: tuple[str, ...], message: str
) -> None:
    try:
        code, _, err = run(capsys, *arguments, "--out", str(tmp_path))
    except SystemExit as stop:  # argparse's own check of a choice or a number
        code, err = int(str(stop.code)), capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err
    assert not list(tmp_path.iterdir())
