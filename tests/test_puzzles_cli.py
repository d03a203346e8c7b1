"""``machiavelli-kit puzzles``: list, show, export, and exit 2 with a message on bad input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from machiavelli_kit.cli import main
from machiavelli_kit.puzzles.collection import COLLECTION_DIR


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    code = main(["puzzles", *arguments])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_list_filters_by_chapter_and_grade(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list", "--chapter", "1", "--grade", "chain")
    assert code == 0
    assert out.split()[0] == "it-3" and len(out.splitlines()) == 1


def test_show_prints_position_share_id_and_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "bga-7", "--answer", "--hints")
    assert code == 0
    assert "share: bga~4C.5C.6C~3C.7C.8C~close" in out
    assert "answer: yes" in out and "hint 1:" in out


def test_show_answers_a_pasted_position_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "bga~6S.6H.6C~6D.7S.8S", "--answer")
    assert code == 0
    assert "Shared position" in out and "answer: 3 cards" in out and "grade swap" in out


def test_export_writes_both_sheets(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "export", "--chapter", "ch01", "--out", str(tmp_path))
    assert code == 0 and "17 puzzles:" in out
    assert (tmp_path / "worksheet.html").exists() and (tmp_path / "answers.html").exists()


def test_check_verifies_the_collection(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check")
    assert code == 0 and "agree with the solver" in out


def test_a_teachers_folder_is_verified_as_it_is_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (COLLECTION_DIR / "ch01-first-steps.toml").read_text(encoding="utf-8")
    wrong = text.replace("answer = 1\nsolution", "answer = 2\n#solution", 1)
    (tmp_path / "mine.toml").write_text(wrong, encoding="utf-8")
    code, _, err = run(capsys, "--dir", str(tmp_path), "list")
    assert code == 2
    assert "mine.toml, puzzle 'bga-1', field 'answer': the solver says 1 card, the file says 2 cards" in err


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("show", "no-such-puzzle"), "no puzzle has the id 'no-such-puzzle'"),
        (("list", "--chapter", "99"), "no chapter '99'"),
        (("list", "--grade", "hard"), "'hard' is not a grade"),
        (("list", "--theme", "colour"), "no puzzle has the theme 'colour'"),
        (("export", "--out", "x"), "say which puzzles to export"),
        (("export", "bga-1", "--chapter", "1", "--out", "x"), "give puzzle ids, filters"),
        (("export", "--count", "3", "--out", "x"), "--count needs --chapter, --grade or --theme"),
        (("export", "--chapter", "ch08", "--count", "99", "--out", "x"), "count asks for 99 puzzles but only"),
        (("export", "--assignment", "/nonexistent.toml", "--out", "x"), "/nonexistent.toml cannot be read"),
        (("--dir", "/nonexistent-folder", "list"), "no puzzle files"),
        (("show", "bga~6S.6H~6D"), "the shared table is not valid"),
        (("show", "bga~6S.6H.6C~6X"), "position id, hand: '6X' is not a card"),
        (("show", "bga~6S.6H.6C~6D~play-7S"), "the goal card 7S is not in the hand"),
    ],
)
def test_bad_input_exits_2_with_a_message(
    capsys: pytest.CaptureFixture[str], arguments: tuple[str, ...], message: str
) -> None:
    code, _, err = run(capsys, *arguments)
    assert code == 2
    assert message in err and "Traceback" not in err


def test_generate_writes_a_chapter_the_same_as_the_bundled_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "generate", "--out", str(tmp_path), "--chapter", "ch02")
    assert code == 0 and out.startswith("ch02-spare")
    assert [path.name for path in tmp_path.iterdir()] == ["ch02-spare.toml"]
    assert (tmp_path / "ch02-spare.toml").read_bytes() == (COLLECTION_DIR / "ch02-spare.toml").read_bytes()


def test_generate_check_names_a_chapter_that_differs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bundled = (COLLECTION_DIR / "ch02-spare.toml").read_text(encoding="utf-8")
    (tmp_path / "ch02-spare.toml").write_text(bundled.replace("A card to spare", "Edited by hand"), encoding="utf-8")
    monkeypatch.setattr("machiavelli_kit.puzzles.collection.COLLECTION_DIR", tmp_path)
    code, out, _ = run(capsys, "generate", "--check", "--chapter", "ch02")
    assert code == 1
    assert "ch02-spare" in out and "DIFFERS from the bundled file" in out
    assert out.splitlines()[-1] == "not the same as the bundled files: ch02-spare"


def test_generate_needs_a_folder_or_check_and_a_known_chapter(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["puzzles", "generate"])
    code, _, err = run(capsys, "generate", "--check", "--chapter", "ch01")
    assert code == 2 and "no generated chapter 'ch01'" in err and "written by hand" in err


ONE_PUZZLE = """[chapter]
title = "Mine"

[[puzzle]]
id = "mine-1"
title = "A four of a kind gives a five"
source = "me"
rules = "bga"
table = [["5S", "5H", "5D", "5C"], ["6H", "7H", "8H"]]
hand = ["4H"]
goal = "max"
answer = 1
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_teachers_folder_skips_what_is_not_a_file_and_says_so(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(ONE_PUZZLE, encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.toml")
    (tmp_path / "folder.toml").mkdir()
    command = [sys.executable, "-m", "machiavelli_kit", "puzzles", "--dir", str(tmp_path), "check"]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith("in 1 chapter agree with the solver\n")
    assert done.stderr.splitlines() == [
        "skipped folder.toml: it is a folder, not a file",
        "skipped pipe.toml: it is a named pipe, not a file",
    ]


@pytest.mark.parametrize(
    "arguments",
    [
        ("export", "--chapter", "ch01", "--out", ""),
        ("export", "--chapter", "ch01", "--out", "  "),
        ("generate", "--chapter", "ch02", "--out", ""),
        ("--dir", "", "list"),
    ],
)
def test_an_empty_folder_name_is_refused_not_taken_for_the_current_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, arguments: tuple[str, ...]
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_code:
        main(["puzzles", *arguments])
    assert exit_code.value.code == 2
    err = capsys.readouterr().err
    assert "the folder's name is empty: give one, e.g. sheets (or . for the folder you are in)" in err
    assert list(tmp_path.iterdir()) == [], "nothing written into the folder the command was run in"
