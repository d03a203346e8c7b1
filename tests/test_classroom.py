"""Students, assignments, hand-in exports and the class report, driven headless with made-up students."""

from __future__ import annotations

import csv
import datetime
import io
import json
import os
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.classroom.assignment import (
    Assignment,
    AssignmentError,
    load_assignment,
    parse_assignment,
    standing,
    write_assignment,
)
from machiavelli_kit.classroom.exports import ExportError, export_name, export_progress, read_export
from machiavelli_kit.classroom.report import Block, gather, markdown, result
from machiavelli_kit.classroom.students import (
    OtherSpelling,
    clean_name,
    file_stem,
    list_students,
    load_student,
    student_path,
    students_dir,
)
from machiavelli_kit.practice.progress import Progress, ProgressError, Record
from machiavelli_kit.practice.rating import Rating
from machiavelli_kit.puzzles.collection import load_collection

COLLECTION = load_collection()
CHAIN = next(puzzle for puzzle in COLLECTION.puzzles if "chain" in puzzle.themes and puzzle.id != "bga-1")
SPARE = next(
    puzzle
    for puzzle in COLLECTION.puzzles
    if "spare" in puzzle.themes and "chain" not in puzzle.themes and puzzle.id != "bga-1"
)
OWN = next(puzzle for puzzle in COLLECTION.puzzles if puzzle.id not in {"bga-1", CHAIN.id, SPARE.id})


def made_up(name: str, solved: Sequence[str] = (), helped: Sequence[str] = (), failed: Sequence[str] = ()) -> Progress:
    progress = Progress(student=name, rating=Rating(1500 + 10 * len(solved), 120))
    for puzzle_id in solved:
        progress.attempt(puzzle_id, solved=True)
        progress.spend(puzzle_id, 30)
    for puzzle_id in helped:
        progress.hint(puzzle_id)
        progress.attempt(puzzle_id, solved=True, helped=True)
    for puzzle_id in failed:
        progress.attempt(puzzle_id, solved=False)
        progress.attempt(puzzle_id, solved=False)
    return progress


# students


def test_names_are_cleaned_and_file_names_stay_inside_the_folder(tmp_path: Path) -> None:
    assert clean_name("  Zoë   O'Neil ") == "Zoë O'Neil"
    for bad in ("", "   ", "!!!", "..", "a" * 41, "Ada\x00"):
        with pytest.raises(ValueError):
            clean_name(bad)
    for name in ("../../etc/passwd", "C:\\Windows\\x", "a/b", ".hidden"):
        path = student_path(name, tmp_path)
        assert path.parent == tmp_path and path.suffix == ".json" and not path.name.startswith(".")
    assert student_path("nul", tmp_path).name == "student-nul.json"
    assert file_stem("Ada Lovelace") == file_stem("ada-lovelace"), "one file: the second spelling is refused"


def test_each_student_has_their_own_file_and_the_old_progress_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    own = tmp_path / "progress.json"
    monkeypatch.setenv("MACHIAVELLI_KIT_PROGRESS", str(own))
    made_up("", solved=["bga-1"]).save(own)
    assert students_dir() == tmp_path / "students"
    ada, ben = load_student("Ada"), load_student("Ben")
    assert (ada.student, ada.records, ben.records) == ("Ada", {}, {})
    ada.attempt("it-3", solved=True)
    ada.save(student_path("Ada"))
    ben.attempt("it-3", solved=False)
    ben.save(student_path("Ben"))
    assert load_student(" Ada ").solved == ["it-3"] and load_student("Ben").solved == []
    assert list_students() == ["Ada", "Ben"]
    assert Progress.load(own).solved == ["bga-1"], "the computer's own progress is untouched"


# assignments


def test_an_assignment_by_ids_and_by_selection(tmp_path: Path) -> None:
    text = 'title = "Week 3"\npuzzles = ["bga-1"]\ntheme = "chain"\ncount = 3\ndue = 2026-12-01\nhints = false\n'
    homework = parse_assignment(text, COLLECTION, "week3.toml")
    chains = COLLECTION.select(theme="chain")
    assert homework.puzzles == ("bga-1", chains[0].id, chains[len(chains) // 3].id, chains[2 * len(chains) // 3].id)
    assert homework.due == datetime.date(2026, 12, 1) and homework.hints is False
    path = tmp_path / "week3.toml"
    write_assignment(homework, path)
    assert load_assignment(path, COLLECTION) == homework
    assert sorted(os.listdir(tmp_path)) == ["week3.toml"], "no temporary file is left behind"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('title = "x"\npuzzles = ["nope-1"]', "no puzzle has the id 'nope-1'"),
        ('title = "x"\nchapter = "ch99"', "no chapter 'ch99'"),
        ('title = "x"\ngrade = "magic"', "'magic' is not a grade"),
        ('title = "x"\ntheme = "juggling"', "no puzzle has the theme 'juggling'"),
        ('title = "x"\npuzzles = ["bga-1"]\ndue = 2026-13-01', "not valid TOML"),
        ('title = "x"\npuzzles = ["bga-1"]\ndue = "next friday"', "is not a date"),
        ('title = "x"\npuzzles = ["bga-1"]\ndue = 2026-12-01T10:00:00', "due must be a date"),
        ('title = "x"\ngrade = "chain"\ncount = 0', "count must be a whole number"),
        ('title = "x"\ngrade = "chain"\ncount = 100000', "only"),
        ('title = "x"\ncount = 3', "count needs a chapter"),
        ('title = "x"', "no puzzles"),
        ('puzzles = ["bga-1"]', "needs a title"),
        ('title = "x"\npuzzles = ["bga-1"]\nhints = "no"', "hints must be true or false"),
        ('title = "x"\npuzzles = ["bga-1"]\ncolour = "red"', "unknown key 'colour'"),
        ('title = "x"\npuzzles = "bga-1"', "puzzles must be a list"),
        ('title = "x"\npuzzles = ' + "[" * 5000 + "]" * 5000, "lists or tables are nested too deeply"),
        ('title = "x"\nhints = ' + "{a = " * 5000 + "1" + "}" * 5000, "lists or tables are nested too deeply"),
        ('title = "x"\ngrade = "chain"\ncount = 1' + "0" * 4400, "a number has too many digits"),
    ],
)
def test_a_bad_assignment_names_the_file_and_the_problem(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "homework.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AssignmentError) as caught:
        load_assignment(path, COLLECTION)
    assert str(caught.value).startswith(f"{path}: ") and problem in str(caught.value)


def test_a_missing_or_binary_assignment_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(AssignmentError, match=re.escape("gone.toml cannot be read")):
        load_assignment(tmp_path / "gone.toml", COLLECTION)
    (tmp_path / "photo.toml").write_bytes(b"\xff\xd8\xff\xe0")
    with pytest.raises(AssignmentError, match=re.escape("photo.toml: not a text file")):
        load_assignment(tmp_path / "photo.toml", COLLECTION)


def test_standing_counts_solved_with_help_missed_and_new() -> None:
    homework = Assignment("Mixed", ("bga-1", "bga-2", "it-3", "wiki-1"), datetime.date(2026, 12, 1), hints=False)
    progress = made_up("Ada", solved=["bga-1"], helped=["bga-2"], failed=["it-3"])
    mine = standing(homework, progress)
    assert (mine.solved, mine.helped, mine.failed, mine.new) == (("bga-1",), ("bga-2",), ("it-3",), ("wiki-1",))
    assert mine.text() == (
        "Mixed: 1 of 4 solved on your own, 1 with help, 1 not solved yet, 1 not tried yet. "
        "Due Tuesday 1 December 2026. No hints for this one."
    )


# exports


@pytest.mark.parametrize("extension", [".csv", ".json"])
def test_an_export_reads_back_with_the_name(tmp_path: Path, extension: str) -> None:
    progress = made_up("Ada, B.", solved=["bga-1"], helped=["it-3"], failed=["wiki-1"])
    path = export_progress(progress, tmp_path / export_name("Ada, B.", extension))
    assert path.name == f"ada-b-progress{extension}"
    again = read_export(path)
    assert again.student == "Ada, B."
    assert {key: record.status for key, record in again.records.items()} == {
        key: record.status for key, record in progress.records.items()
    }
    assert round(again.rating.rating) == round(progress.rating.rating)


def test_a_student_with_no_progress_exports_an_empty_record_with_the_name(tmp_path: Path) -> None:
    for extension in (".csv", ".json"):
        path = export_progress(Progress(student="Cleo"), tmp_path / f"cleo{extension}")
        again = read_export(path)
        assert (again.student, again.records) == ("Cleo", {})


def test_bad_exports_are_named(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match=re.escape("an export's name ends in .csv or .json")):
        export_progress(Progress(student="Ada"), tmp_path / "ada.txt")
    (tmp_path / "blank.csv").write_text("student,puzzle,status,attempts,hints,seconds,rating\n,,new,0,0,0,1500\n")
    with pytest.raises(ExportError, match=re.escape("blank.csv: no student name")):
        read_export(tmp_path / "blank.csv")
    (tmp_path / "broken.json").write_text("{not json")
    with pytest.raises(ExportError, match=re.escape("broken.json: not a progress file")):
        read_export(tmp_path / "broken.json")
    with pytest.raises(ExportError, match=re.escape("missing.csv cannot be read")):
        read_export(tmp_path / "missing.csv")


# the class report


def sample_class(folder: Path) -> list[Path]:
    """Four made-up students, a corrupt file, a second copy of one student, and a file that is no export."""
    students = [
        made_up("Ada", solved=["bga-1", CHAIN.id, SPARE.id]),
        made_up("Ben", solved=["bga-1"], helped=[CHAIN.id], failed=[SPARE.id]),
        made_up("Cleo", failed=[CHAIN.id, "bga-1"]),
        Progress(student="Dev"),
    ]
    paths = [export_progress(progress, folder / export_name(progress.student)) for progress in students]
    export_progress(students[1], folder / "ben-again.json")
    (folder / "corrupt.csv").write_text("student,puzzle,status\nEve,bga-1,solved\n")
    (folder / "notes.txt").write_text("not an export")
    return [*paths, folder / "ben-again.json", folder / "corrupt.csv", folder / "notes.txt"]


def test_the_class_report_merges_students_and_names_what_it_skips(tmp_path: Path) -> None:
    report = gather(sample_class(tmp_path), COLLECTION)
    assert list(report.students) == ["Ada", "Ben", "Cleo", "Dev"]
    skipped = {skip.name: skip.reason for skip in report.skipped}
    assert skipped.keys() == {"ben-again.json", "corrupt.csv", "notes.txt"}
    assert skipped["ben-again.json"] == "Ben is already in ben-progress.csv"
    assert "the first line must name the columns" in skipped["corrupt.csv"]
    order = [puzzle.id for puzzle in COLLECTION.puzzles]
    assert list(report.puzzles) == sorted({"bga-1", CHAIN.id, SPARE.id}, key=order.index)
    lines = {line.student: line for line in report.student_lines()}
    assert (lines["Ada"].solved, lines["Ada"].rating, lines["Ada"].seconds) == (3, 1530, 90)
    assert (lines["Ben"].solved, lines["Ben"].helped, lines["Ben"].failed) == (1, 1, 1)
    assert (lines["Cleo"].failed, lines["Cleo"].attempts, lines["Dev"].new) == (2, 4, 3)
    stuck = {entry.puzzle: entry for entry in report.stuck_puzzles()}
    assert report.stuck_puzzles()[0].puzzle == CHAIN.id
    assert (stuck[CHAIN.id].failed, stuck[CHAIN.id].helped, stuck[CHAIN.id].tried) == (1, 1, 3)
    assert "bga-1" in stuck and stuck["bga-1"].failed == 1
    weakest = report.weak_themes()[0]
    assert weakest.rate == max(entry.rate for entry in report.weak_themes())
    chain = next(entry for entry in report.weak_themes() if entry.theme == "chain")
    assert chain.missed >= 2


def test_a_solve_after_hints_is_marked_apart_from_one_alone_everywhere(tmp_path: Path) -> None:
    alone, hinted = made_up("Ada", solved=["bga-1"]), made_up("Ben", solved=["bga-1"])
    for _hint in range(12):
        hinted.hint("bga-1")
    helped = made_up("Cleo", helped=["bga-1"])
    paths = [export_progress(progress, tmp_path / f"{progress.student}.csv") for progress in (alone, hinted, helped)]
    report = gather(paths, COLLECTION)
    lines = {line.student: (line.solved, line.hinted, line.helped) for line in report.student_lines()}
    assert lines == {"Ada": (1, 0, 0), "Ben": (0, 1, 0), "Cleo": (0, 0, 1)}
    assert {row[0]: row[-1] for row in report.table()} == {
        "Ada": "solved alone", "Ben": "solved after hints", "Cleo": "solved with help"
    }  # fmt: skip
    written = report.write(tmp_path / "out")
    rows = list(csv.DictReader(io.StringIO(written[0].read_text())))
    assert [(row["student"], row["status"], row["result"]) for row in rows] == [
        ("Ada", "solved", "solved alone"),
        ("Ben", "solved", "solved after hints"),
        ("Cleo", "solved with help", "solved with help"),
    ]  # fmt: skip
    assert json.loads(written[1].read_text())[1] == {
        "student": "Ben", "puzzle": "bga-1", "status": "solved", "attempts": 1, "hints": 12, "seconds": 30,
        "result": "solved after hints",
    }  # fmt: skip
    text = written[2].read_text()
    assert "| Ada | ✓ |" in text and "| Ben | ◔ |" in text and "| Cleo | ◑ |" in text
    assert "◔ solved after hints" in text and "✓ solved on their own, no hint" in text
    page = written[3].read_text()
    assert "<td>Ben</td>\n<td>◔</td>" in page or "<td>Ben</td><td>◔</td>" in page
    assert "◔ solved after hints" in page


def test_the_class_table_and_report_files(tmp_path: Path) -> None:
    exports = tmp_path / "exports"
    exports.mkdir()
    homework = Assignment("Week 3", ("bga-1", CHAIN.id, "wiki-1"), datetime.date(2026, 12, 1))
    report = gather(sample_class(exports), COLLECTION, homework)
    written = report.write(tmp_path / "out")
    assert [path.name for path in written] == [
        "class-table.csv", "class-table.json", "class-report.md", "class-report.html"
    ]  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(written[0].read_text())))
    assert len(rows) == 4 * 3, "every student, every puzzle of the assignment"
    assert {row["status"] for row in rows if row["puzzle"] == "wiki-1"} == {"new"}
    assert next(row for row in rows if row["student"] == "Ben" and row["puzzle"] == CHAIN.id)["status"] == (
        "solved with help"
    )
    text = written[2].read_text()
    assert text.startswith("# Class report: Week 3") and "Due Tuesday 1 December 2026" in text
    assert "- corrupt.csv: " in text and "- ben-again.json: Ben is already in ben-progress.csv" in text
    assert "| Ada | 1530 |" in text and "## Where the class gets stuck" in text
    page = written[3].read_text()
    assert page.startswith("<!DOCTYPE html>") and "<td>ben-again.json" not in page and "Ben is already in" in page


def test_the_next_assignment_comes_from_a_weak_theme(tmp_path: Path) -> None:
    report = gather(sample_class(tmp_path), COLLECTION)
    homework = report.next_assignment("chain", count=4)
    assert len(COLLECTION.select(theme="chain")) > 4
    assert len(homework.puzzles) == 4 and CHAIN.id not in homework.puzzles, "one Ada solved comes after the others"
    assert all("chain" in COLLECTION.find(puzzle_id).themes for puzzle_id in homework.puzzles)
    with pytest.raises(ValueError, match="no puzzle has the theme"):
        report.next_assignment("juggling")


def test_a_json_export_is_the_progress_file(tmp_path: Path) -> None:
    path = export_progress(made_up("Ada", solved=["bga-1"]), tmp_path / "ada.json")
    data = json.loads(path.read_text())
    assert data["student"] == "Ada" and data["records"]["bga-1"]["solved"] is True


def test_no_name_or_puzzle_reaches_a_spreadsheet_as_a_formula(tmp_path: Path) -> None:
    for name in ("=1+1", "+Ada", "-Ada", "@Ada"):
        with pytest.raises(ValueError, match="would read it as a formula"):
            clean_name(name)
    sneaky = Progress(student="=HYPERLINK(0)")
    (tmp_path / "sneaky.csv").write_text(sneaky.to_csv())
    odd = Progress(student="Ada")
    odd.attempt("=cmd", solved=True)
    export_progress(odd, tmp_path / "ada.csv")
    report = gather([tmp_path / "sneaky.csv", tmp_path / "ada.csv"], COLLECTION)
    assert [skip.name for skip in report.skipped] == ["sneaky.csv", "ada.csv"]
    assert "would read it as a formula" in report.skipped[0].reason
    assert "'=cmd' is not a puzzle id" in report.skipped[1].reason
    report.students["Ada"] = odd  # as a program may fill it: still no formula in the table
    assert report.table_csv().splitlines()[1] == "Ada,'=cmd,solved,1,0,0,solved alone"


def test_a_write_that_fails_half_way_leaves_the_old_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "week3.toml"
    old = Assignment("Week 3", ("bga-1",))
    write_assignment(old, path)
    export = export_progress(made_up("Ada", solved=["bga-1"]), tmp_path / "ada.csv")
    before = export.read_text()

    def crash(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_assignment(Assignment("Week 4", ("it-3",)), path)
    with pytest.raises(OSError):
        export_progress(made_up("Ada", solved=["bga-1", "it-3"]), export)
    monkeypatch.undo()
    assert load_assignment(path, COLLECTION) == old and export.read_text() == before
    assert sorted(os.listdir(tmp_path)) == ["ada.csv", "week3.toml"], "no temporary file is left behind"


def test_no_name_title_or_file_name_becomes_markup_in_the_report(tmp_path: Path) -> None:
    mistune = pytest.importorskip("mistune")  # Jupyter's Markdown renderer (nbconvert's), as a teacher's viewer renders
    names = ["<script>alert(1)</script>", "*Ada* _Lovelace_", "1. Ben | Cleo", "# Dev [x](javascript:alert(1))"]
    for number, name in enumerate(names):
        progress = made_up(name, solved=["it-3"])
        export_progress(progress, tmp_path / f"{number}.csv")
    (tmp_path / "<img src=x onerror=alert(1)>.csv").write_text("nothing")
    title = "<b>Week</b> `3` ![x](y)"
    report = gather(sorted(tmp_path.glob("*.csv")), COLLECTION, Assignment(title, ("it-3",)))
    assert list(report.students) == names and len(report.skipped) == 1
    for page in (mistune.html(report.markdown()), report.html()):
        for markup in ("<script", "<img", "<b>", "<a ", "<em>", "<strong>", "<code>", "<ol>", "<h1>#", "<td>Cleo"):
            assert markup not in page
        for text in ["&lt;script&gt;alert(1)&lt;/script&gt;", "*Ada* _Lovelace_", "1. Ben | Cleo", "&lt;b&gt;Week"]:
            assert text in page, text


def test_puzzles_not_in_the_collection_are_left_out_of_the_report_and_named(tmp_path: Path) -> None:
    ada = made_up("Ada", solved=["it-3"], failed=[f"made-up-{number}" for number in range(50)])
    export_progress(ada, tmp_path / "ada.json")
    export_progress(made_up("Ben", failed=["it-3", "made-up-1"]), tmp_path / "ben.csv")
    flood = Progress(student="Cleo", records={f"x-{number}": Record(1, 0) for number in range(90_000)})
    (tmp_path / "cleo.csv").write_text(flood.to_csv())
    report = gather(sorted(tmp_path.iterdir()), COLLECTION)
    assert list(report.students) == ["Ada", "Ben"] and report.puzzles == ("it-3",)
    assert report.table_csv().count("\n") == 1 + 2, "a row per student and puzzle of the collection"
    assert [str(skip) for skip in report.skipped] == [
        "cleo.csv: it holds 90,000 puzzles, more than the 10,000 a student's progress can hold"
    ]
    assert [str(note) for note in report.left_out] == [
        "ada.json: 50 puzzles are not in the collection: 'made-up-0', 'made-up-1', 'made-up-10' and 47 more",
        "ben.csv: 1 puzzle is not in the collection: 'made-up-1'",
    ]
    text = report.markdown()
    assert "Puzzles left out (not in the collection):\n\n- ada.json: 50 puzzles" in text


def test_two_learners_whose_names_differ_never_share_a_file(tmp_path: Path) -> None:
    ann = load_student("Ann Marie", tmp_path)
    ann.attempt("it-3", solved=True)
    ann.save(student_path("Ann Marie", tmp_path))
    for other in ("ann-marie", "ANN_MARIE", "Ann.Marie", "ann marie", "ANN MARIE"):
        with pytest.raises(OtherSpelling) as refused:
            load_student(other, tmp_path)
        assert str(refused.value) == (
            f"Ann Marie already saves their work here, and {other} would share their file: if you are Ann Marie, "
            "type your name exactly like that; if not, add something to your name, such as your surname's first letter"
        )
    assert load_student("  Ann   Marie ", tmp_path).solved == ["it-3"], "the owner still finds their file"
    assert load_student("Ann Mari\u0065\u0301", tmp_path).student == "Ann Mari\u00e9", "a new name, however encoded"
    intruder = Progress(student="ANN MARIE")
    intruder.attempt("bga-1", solved=False)
    with pytest.raises(ProgressError, match=r"holds the work of Ann Marie, not of ANN MARIE"):
        intruder.save(student_path("ANN MARIE", tmp_path))
    assert Progress.load(student_path("Ann Marie", tmp_path)).records.keys() == {"it-3"}
    assert sorted(path.name for path in tmp_path.glob("*.json")) == ["ann-marie.json"]


def test_a_file_saved_before_under_its_name_is_still_found(tmp_path: Path) -> None:
    """Names map to files as they always did (file_stem is unchanged): a file's owner is the name it holds."""
    for name, stem in (("Ada Lovelace", "ada-lovelace"), ("Zoë O'Neil", "zoë-o-neil"), ("nul", "student-nul")):
        old = Progress(student=name)
        old.attempt("it-3", solved=True)
        (tmp_path / f"{stem}.json").write_text(old.to_json())
        assert student_path(name, tmp_path) == tmp_path / f"{stem}.json"
        assert load_student(name, tmp_path).solved == ["it-3"]
    (tmp_path / "ben.json").write_text(Progress(records={"it-3": Record(1)}).to_json())
    assert load_student("ben", tmp_path).student == "ben", "a file with no name on it takes the name given"


@pytest.mark.parametrize("first", [True, False])
def test_two_files_of_one_student_are_merged_puzzle_by_puzzle_and_said(tmp_path: Path, first: bool) -> None:
    week1 = made_up("Ann Marie", solved=[OWN.id], failed=["bga-1", CHAIN.id])
    week2 = made_up("ANN MARIE", helped=["bga-1"], failed=[CHAIN.id, SPARE.id])
    week2.rating = Rating(1620, 90)  # the file with more attempts: the rating kept
    for _hint in range(3):
        week2.hint(OWN.id)
    week2.attempt(OWN.id, solved=True)  # after hints: worse than week 1's solve alone
    export_progress(week1, tmp_path / "ann-marie-progress.csv")
    export_progress(week2, tmp_path / ("ANN.csv" if first else "zz.csv"))
    export_progress(made_up("Ben", failed=["it-3"]), tmp_path / "ben.csv")
    export_progress(made_up("Ben", failed=["it-3"]), tmp_path / "ben.json")
    report = gather(sorted(tmp_path.iterdir()), COLLECTION)
    second = "ANN.csv" if first else "zz.csv"
    files = sorted(["ann-marie-progress.csv", second])  # in reading order
    name = "ANN MARIE" if first else "Ann Marie"
    assert list(report.students) == [name, "Ben"] and [str(skip) for skip in report.skipped] == [
        "ben.json: Ben is already in ben.csv"
    ]
    ann = report.students[name]
    assert {key: result(record) for key, record in ann.records.items()} == {
        OWN.id: "solved alone", "bga-1": "solved with help", CHAIN.id: "failed", SPARE.id: "failed"
    }  # fmt: skip
    assert (ann.records[OWN.id].hints, round(ann.rating.rating)) == (0, 1620)
    said = f"{name}: 2 files, merged (the better result of each puzzle): {files[0]} and {files[1]}"
    assert [str(note) for note in report.merged] == [said]
    assert said in report.markdown() and "Students who handed in more than one file" in report.markdown()


MARKDOWN_TEXT = st.text(alphabet=st.sampled_from(list(" \t\n<>&*_`[]()!#|~-+=.1\\:/ah\"'")), max_size=12)


@settings(max_examples=500, deadline=None)
@given(MARKDOWN_TEXT, MARKDOWN_TEXT, MARKDOWN_TEXT)
def test_no_text_in_a_report_block_becomes_markup(first: str, second: str, third: str) -> None:
    mistune = pytest.importorskip("mistune")
    blocks: list[Block] = [
        ("h1", first),
        ("p", second),
        ("ul", third, first),
        ("table", ("x", first), [(second, third)]),
    ]
    tags = set(re.findall(r"</?([a-z0-9]+)", mistune.html(markdown(blocks))))
    assert tags <= {"h1", "p", "ul", "li", "table", "thead", "tbody", "tr", "th", "td"}
