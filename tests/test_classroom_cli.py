"""``machiavelli-kit progress`` and ``class``: exports, assignments and the class report from the shell."""

from __future__ import annotations

import csv
import io
import os
import socket
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from machiavelli_kit.classroom.students import student_path
from machiavelli_kit.cli import main
from machiavelli_kit.practice.progress import Progress
from machiavelli_kit.puzzles.collection import load_collection

COLLECTION = load_collection()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The kit's data folder in a temp folder, never the tester's home."""
    monkeypatch.setenv("MACHIAVELLI_KIT_PROGRESS", str(tmp_path / "data" / "progress.json"))
    return tmp_path / "data"


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    code = main(list(arguments))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_export_a_students_progress_and_an_empty_record(
    capsys: pytest.CaptureFixture[str], home: Path, tmp_path: Path
) -> None:
    ada = Progress(student="Ada")
    ada.attempt("bga-1", solved=True)
    ada.save(student_path("Ada", home / "students"))
    code, _, err = run(capsys, "progress", "export", "--student", "ada", "--out", str(tmp_path / "ada.csv"))
    assert code == 2 and "Ada already saves their work here, and ada would share their file" in err
    code, out, _ = run(capsys, "progress", "export", "--student", "Ada", "--out", str(tmp_path / "ada.csv"))
    assert code == 0 and out.startswith("Ada's progress: 1 puzzle tried, written to")
    rows = list(csv.DictReader(io.StringIO((tmp_path / "ada.csv").read_text())))
    assert [(row["student"], row["puzzle"], row["status"]) for row in rows] == [("Ada", "bga-1", "solved")]
    code, _, _ = run(capsys, "progress", "export", "--student", "Newcomer", "--out", str(tmp_path / "new.json"))
    assert code == 0
    assert Progress.load(tmp_path / "new.json").student == "Newcomer"
    assert not student_path("Newcomer", home / "students").exists(), "exporting creates no profile"
    code, out, _ = run(capsys, "progress", "students")
    assert (code, out) == (0, "Ada\n")


def test_export_of_the_computers_own_progress_needs_a_name(
    capsys: pytest.CaptureFixture[str], home: Path, tmp_path: Path
) -> None:
    own = Progress()
    own.attempt("it-3", solved=False)
    own.save(home / "progress.json")
    code, _, err = run(capsys, "progress", "export", "--out", str(tmp_path / "me.csv"))
    assert code == 2 and "has no student name: give one with --name NAME" in err
    assert not (tmp_path / "me.csv").exists()
    code, _, _ = run(capsys, "progress", "export", "--name", "Ben", "--out", str(tmp_path / "me.csv"))
    assert code == 0 and (tmp_path / "me.csv").read_text().splitlines()[1].startswith("Ben,it-3,failed,1,")
    code, _, err = run(capsys, "progress", "export", "--out", str(tmp_path / "me.xlsx"))
    assert code == 2 and "ends in .csv or .json" in err


def test_class_assign_writes_a_toml_the_trainer_reads(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "week3.toml"
    code, printed, _ = run(
        capsys, "class", "assign", "bga-1", "--title", "Week 3", "--theme", "chain", "--count", "3",
        "--due", "2026-12-01", "--no-hints", "--out", str(out),
    )  # fmt: skip
    assert code == 0 and "Week 3, 4 puzzles" in printed
    data = tomllib.loads(out.read_text())
    assert data["puzzles"][0] == "bga-1" and len(data["puzzles"]) == 4 and data["hints"] is False
    assert str(data["due"]) == "2026-12-01"
    code, _, err = run(capsys, "class", "assign", "it-3", "--title", "Again", "--out", str(out))
    assert code == 2 and "already exists" in err and tomllib.loads(out.read_text())["title"] == "Week 3"
    code, _, _ = run(capsys, "class", "assign", "it-3", "--title", "Again", "--out", str(out), "--force")
    assert code == 0 and tomllib.loads(out.read_text())["puzzles"] == ["it-3"]


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        (["nope-1"], "no puzzle has the id 'nope-1'"),
        (["--chapter", "ch99"], "no chapter 'ch99'"),
        (["--grade", "magic"], "'magic' is not a grade"),
        (["--theme", "juggling"], "no puzzle has the theme 'juggling'"),
        (["bga-1", "--due", "2026-02-30"], "--due '2026-02-30' is not a date"),
        ([], "say which puzzles"),
        (["bga-1", "--count", "2"], "--count needs --chapter"),
    ],
)
def test_class_assign_refuses_bad_input_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, arguments: list[str], problem: str
) -> None:
    code, _, err = run(capsys, "class", "assign", *arguments, "--title", "x", "--out", str(tmp_path / "a.toml"))
    assert code == 2 and problem in err and not (tmp_path / "a.toml").exists()


def write_class(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, solved in (("Ada", True), ("Ben", False), ("Cleo", False)):
        progress = Progress(student=name)
        progress.attempt("it-3", solved=solved)
        (folder / f"{name.lower()}.csv").write_text(progress.to_csv())
        if name == "Ada":  # handed in twice, the same work
            (folder / "copy-of-ada.json").write_text(progress.to_json())
    (folder / "corrupt.csv").write_text(
        "student,puzzle,status,attempts,hints,seconds,rating\nDev,it-3,won,1,0,0,1500\n"
    )


def test_class_report_prints_the_report_and_names_skipped_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    write_class(tmp_path / "exports")
    code, out, _ = run(capsys, "class", "report", str(tmp_path / "exports"))
    assert code == 0 and out.startswith("# Class report: every puzzle tried")
    assert "- copy-of-ada.json: Ada is already in ada.csv" in out
    assert "- corrupt.csv: line 2: the status 'won'" in out
    assert "| it-3 |" in out and "3 students, 1 puzzle." in out


def test_class_report_with_an_assignment_writes_the_table_and_reports(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    write_class(tmp_path / "exports")
    (tmp_path / "a.toml").write_text('title = "Week 3"\npuzzles = ["it-3", "bga-1"]\n')
    code, out, _ = run(
        capsys, "class", "report", *sorted(map(str, (tmp_path / "exports").iterdir())),
        "--assignment", str(tmp_path / "a.toml"), "--out", str(tmp_path / "report"),
    )  # fmt: skip
    assert code == 0 and "skipped copy-of-ada.json: Ada is already in ada.csv" in out and "3 students:" in out
    rows = list(csv.DictReader(io.StringIO((tmp_path / "report" / "class-table.csv").read_text())))
    assert len(rows) == 6 and {row["status"] for row in rows if row["puzzle"] == "bga-1"} == {"new"}
    assert "# Class report: Week 3" in (tmp_path / "report" / "class-report.md").read_text()
    assert "<h1>Class report: Week 3</h1>" in (tmp_path / "report" / "class-report.html").read_text()
    assert sorted(path.name for path in (tmp_path / "report").iterdir()) == [
        "class-report.html", "class-report.md", "class-table.csv", "class-table.json"
    ], "no temporary file is left behind"  # fmt: skip


def test_class_report_with_a_bad_assignment_or_no_readable_export(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    write_class(tmp_path / "exports")
    (tmp_path / "a.toml").write_text('title = "Week 3"\npuzzles = ["it-99"]\n')
    code, _, err = run(capsys, "class", "report", str(tmp_path / "exports"), "--assignment", str(tmp_path / "a.toml"))
    assert code == 2 and f"{tmp_path / 'a.toml'}: no puzzle has the id 'it-99'" in err
    (tmp_path / "a.toml").write_text('title = "Week 3"\npuzzles = ' + "[" * 5000 + "]" * 5000)
    code, _, err = run(capsys, "class", "report", str(tmp_path / "exports"), "--assignment", str(tmp_path / "a.toml"))
    assert code == 2 and err.endswith("a.toml: not valid TOML: lists or tables are nested too deeply\n")
    code, out, err = run(capsys, "class", "report", str(tmp_path / "exports" / "corrupt.csv"))
    assert code == 2 and "skipped corrupt.csv" in out and "no export could be read" in err


def test_the_commands_run_from_the_shell(tmp_path: Path) -> None:
    environ = {**os.environ, "MACHIAVELLI_KIT_PROGRESS": str(tmp_path / "data" / "progress.json")}
    command = [sys.executable, "-m", "machiavelli_kit"]
    done = subprocess.run(
        [*command, "progress", "export", "--student", "Ada", "--out", str(tmp_path / "ada.csv")],
        env=environ, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    done = subprocess.run(
        [*command, "class", "report", str(tmp_path / "ada.csv")],
        env=environ,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "| Ada | 1500 | 0 |" in done.stdout


def shell(*arguments: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """The command run in its own process, so that a command that hangs fails this test instead of stopping it."""
    command = [sys.executable, "-m", "machiavelli_kit", *arguments]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=timeout)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_class_report_skips_what_is_not_a_file_and_says_so(tmp_path: Path) -> None:
    write_class(tmp_path / "exports")
    os.mkfifo(tmp_path / "exports" / "pipe.csv")
    (tmp_path / "exports" / "folder.json").mkdir()
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(tmp_path / "exports" / "s.csv"))
        done = shell("class", "report", str(tmp_path / "exports"), "--out", str(tmp_path / "report"))
        named = shell("class", "report", str(tmp_path / "exports" / "pipe.csv"), str(tmp_path / "exports" / "ada.csv"))
    assert done.returncode == 0, done.stderr
    skipped = [line for line in done.stdout.splitlines() if line.startswith("skipped ")]
    assert "skipped pipe.csv: it is a named pipe, not a file" in skipped
    assert "skipped folder.json: it is a folder, not a file" in skipped
    assert "skipped s.csv: it is a socket, not a file" in skipped
    assert "3 students:" in done.stdout
    assert named.returncode == 0 and "- pipe.csv: it is a named pipe, not a file" in named.stdout


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_progress_export_of_a_hand_edited_file_writes_no_formula(
    capsys: pytest.CaptureFixture[str], home: Path, tmp_path: Path, start: str
) -> None:
    name = f'{start}HYPERLINK("http://x", "click")'
    (home / "students").mkdir(parents=True)
    progress = Progress(student=name)
    progress.attempt("it-3", solved=True)
    (home / "progress.json").write_text(progress.to_json())
    code, _, err = run(capsys, "progress", "export", "--out", str(tmp_path / "me.csv"))
    assert code == 0, err
    text = (tmp_path / "me.csv").read_bytes().decode()
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[1][:3] == [f"'{name}", "it-3", "solved"], "a spreadsheet shows the text, never runs it"
    assert Progress.from_csv(text).student == name.strip(), "and the kit reads it back"


def test_class_report_refuses_an_empty_folder_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_class(tmp_path / "exports")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_code:
        main(["class", "report", "exports", "--out", ""])
    assert exit_code.value.code == 2 and "the folder's name is empty" in capsys.readouterr().err
    assert [path.name for path in tmp_path.iterdir()] == ["exports"]
