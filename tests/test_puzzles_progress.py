"""Progress: saved atomically and privately, merged with other writers, read back (old files too), exported as CSV."""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.cards import quote
from machiavelli_kit.practice.progress import FAILED, HELPED, NEW, SOLVED, Progress, ProgressError, Record
from machiavelli_kit.practice.rating import Rating


def temporaries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.tmp"))


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    progress = Progress(student="Ada")
    progress.attempt("bga-1", solved=False)
    progress.hint("bga-1")
    progress.attempt("bga-1", solved=True)
    progress.attempt("it-3", solved=False)
    progress.attempt("wiki-1", solved=True, helped=True)
    progress.spend("it-3", 12.5)
    progress.rate("it-3", 0.0, Rating(1800, 200))
    progress.streak(4)
    path = tmp_path / "deep" / "progress.json"
    progress.save(path)
    again = Progress.load(path)
    assert again == progress
    assert again.solved == ["bga-1"]
    assert again.record("it-3") == Record(attempts=1, hints=0, solved=False, seconds=12.5)
    assert again.rating.rating < 1500 and again.puzzle_ratings["it-3"].rating > 1800 and again.best_streak == 4
    assert temporaries(path.parent) == [], "no temporary file is left behind"


def test_status_is_the_best_so_far_and_help_never_counts_as_solved() -> None:
    progress = Progress()
    assert progress.record("p").status == NEW
    progress.hint("p")
    assert progress.record("p").status == NEW, "a hint is not an answer"
    progress.attempt("p", solved=False)
    assert progress.record("p").status == FAILED
    progress.attempt("p", solved=True, helped=True)
    assert progress.record("p") == Record(2, 1, solved=False, solved_with_help=True)
    assert progress.record("p").status == HELPED and progress.solved == []
    progress.attempt("p", solved=True)
    progress.attempt("p", solved=False)
    assert progress.record("p").status == SOLVED and progress.solved == ["p"]


def test_a_file_from_an_older_kit_is_read_and_saved_in_the_new_form(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    old = {"student": "Ada", "records": {"bga-1": {"attempts": 2, "hints": 1, "solved": True}}}
    path.write_text(json.dumps(old))
    progress = Progress.load(path)
    assert progress == Progress("Ada", {"bga-1": Record(2, 1, solved=True)})
    assert progress.rating == Rating() and progress.puzzle_ratings == {} and progress.best_streak == 0
    progress.attempt("it-3", solved=True, helped=True)
    progress.save(path)
    saved = json.loads(path.read_text())
    assert saved["format"] == 2
    assert saved["records"]["bga-1"] == {
        "attempts": 2, "hints": 1, "solved": True, "solved_with_help": False, "seconds": 0.0
    }  # fmt: skip
    assert Progress.load(path).record("it-3").status == HELPED


def test_a_file_from_a_newer_kit_is_refused_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"format": 3, "records": {}}))
    with pytest.raises(ProgressError, match=r"was saved by a newer Machiavelli Kit \(format 3; .*\): update the kit$"):
        Progress.load(path)
    with pytest.raises(ProgressError, match=r"^progress not saved: "):
        Progress(student="Ada").save(path)
    assert json.loads(path.read_text())["format"] == 3


@pytest.mark.parametrize(
    "text",
    [
        '{"records": {"p": {"attempts": 1, "hints": 0, "solved": false, "seconds": -4}}}',
        '{"records": {"p": {"attempts": 1, "hints": 0, "solved": false, "solved_with_help": "yes"}}}',
        '{"records": {}, "rating": {"rating": 1500, "deviation": 0, "volatility": 0.06}}',
        '{"records": {}, "puzzle_ratings": {"p": {"rating": "high"}}}',
        '{"records": {}, "best_streak": 1.5}',
        '{"format": "two", "records": {}}',
        "[]",
    ],
)
def test_broken_new_fields_are_named(tmp_path: Path, text: str) -> None:
    path = tmp_path / "progress.json"
    path.write_text(text)
    with pytest.raises(ProgressError, match=r"progress\.json: not a progress file \("):
        Progress.load(path)


def test_the_progress_file_is_private(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    Progress(student="Ada").save(path)
    assert path.stat().st_mode & 0o777 == 0o600


def test_a_failed_save_leaves_the_old_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    Progress(student="Ada", records={"bga-1": Record(1, 0, True)}).save(path)
    before = path.read_bytes()

    def crash(source: str, target: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(ProgressError, match=f"^progress not saved: the disk that holds {tmp_path} is full$"):
        Progress(student="Ada", records={"it-3": Record(1, 0, True)}).save(path)
    assert path.read_bytes() == before
    assert temporaries(tmp_path) == []


def test_a_read_only_folder_is_said_in_plain_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The tests may run as root, whom chmod does not stop: refuse the write the way a read-only folder does.
    def refuse(*arguments: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(ProgressError) as error:
        Progress(student="Ada").save(tmp_path / "progress.json")
    assert str(error.value) == (
        f"progress not saved: the kit is not allowed to write in {tmp_path} (the folder or the file is read-only)"
    )


def test_missing_file_is_empty_and_a_broken_one_is_named(tmp_path: Path) -> None:
    assert Progress.load(tmp_path / "none.json") == Progress()
    broken = tmp_path / "broken.json"
    broken.write_text('{"records": {"bga-1": {"attempts": "many"}}}')
    with pytest.raises(ProgressError, match=r"broken\.json: not a progress file"):
        Progress.load(broken)


def test_deeply_nested_json_is_named_not_a_recursion_error(tmp_path: Path) -> None:
    nested = tmp_path / "nested.json"
    nested.write_text('{"records": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(ProgressError, match=r"nested\.json: not a progress file \(it is nested too deeply\)"):
        Progress.load(nested)


def test_a_broken_file_is_not_overwritten_by_a_save(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("not json")
    with pytest.raises(ProgressError, match=r"^progress not saved: .*progress\.json: not a progress file"):
        Progress(student="Ada").save(path)
    assert path.read_text() == "not json"


def test_two_notebooks_saving_one_file_keep_each_others_records(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    Progress(student="Ada", records={"bga-1": Record(1, 0, False)}).save(path)
    first, second = Progress.load(path), Progress.load(path)
    first.attempt("bga-1", solved=True)
    first.hint("it-3")
    second.attempt("bga-1", solved=False)
    second.attempt("bga-2", solved=False)
    first.save(path)
    second.save(path)
    expected = {"bga-1": Record(3, 0, True), "it-3": Record(0, 1, False), "bga-2": Record(1, 0, False)}
    assert Progress.load(path).records == expected
    assert second.records == expected, "the saving object now sees the other's records too"
    first.save(path)
    assert Progress.load(path).records == expected, "saving again counts nothing twice"


def test_two_notebooks_keep_each_others_ratings_time_and_streaks(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    Progress(student="Ada").save(path)
    first, second = Progress.load(path), Progress.load(path)
    first.rate("bga-1", 1.0, Rating(1500, 200))
    first.spend("bga-1", 30)
    second.spend("bga-1", 20)
    second.rate("it-3", 0.0, Rating(1900, 200))
    second.streak(3)
    first.save(path)
    second.save(path)
    merged = Progress.load(path)
    assert merged.rating == second.rating, "the last rating saved is the learner's"
    assert set(merged.puzzle_ratings) == {"bga-1", "it-3"}
    assert merged.puzzle_ratings["bga-1"] == first.puzzle_ratings["bga-1"]
    assert merged.record("bga-1").seconds == 50 and merged.best_streak == 3
    first.save(path)
    assert Progress.load(path) == merged, "a save that changed nothing since keeps the other's rating"


def test_a_new_progress_saved_over_an_old_file_adds_to_it(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    Progress(student="Ada", records={"bga-1": Record(2, 1, True)}).save(path)
    fresh = Progress()
    fresh.attempt("bga-1", solved=False)
    fresh.save(path)
    assert Progress.load(path) == Progress("Ada", {"bga-1": Record(3, 1, True)})


operations = st.lists(
    st.tuples(st.sampled_from(("first", "second")), st.sampled_from(("attempt", "solve", "hint", "save"))),
    max_size=30,
)


@settings(max_examples=50, deadline=None)
@given(operations)
def test_interleaved_saves_count_every_attempt_and_hint_once(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[str, str]]
) -> None:
    path = tmp_path_factory.mktemp("progress") / "progress.json"
    writers = {"first": Progress.load(path), "second": Progress.load(path)}
    for who, operation in steps:
        writer = writers[who]
        if operation == "save":
            writer.save(path)
        elif operation == "hint":
            writer.hint("p")
        else:
            writer.attempt("p", solved=operation == "solve")
    for writer in writers.values():
        writer.save(path)
    done = [operation for _, operation in steps]
    record = Progress.load(path).records.get("p", Record())
    assert record.attempts == done.count("attempt") + done.count("solve")
    assert record.hints == done.count("hint")
    assert record.solved == ("solve" in done)


def test_two_processes_saving_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    script = textwrap.dedent(
        """
        import sys
        from machiavelli_kit.practice.progress import Progress

        path, name = sys.argv[1], sys.argv[2]
        progress = Progress.load(path)
        for _ in range(40):
            progress.attempt("shared", solved=False)
            progress.hint(name)
            progress.save(path)
        """
    )
    writers = [subprocess.Popen([sys.executable, "-c", script, str(path), name]) for name in ("ada", "bob")]
    assert [writer.wait(timeout=120) for writer in writers] == [0, 0]
    records = Progress.load(path).records
    assert records == {"shared": Record(80, 0, False), "ada": Record(0, 40, False), "bob": Record(0, 40, False)}
    assert temporaries(tmp_path) == []


def test_a_killed_save_leaves_nothing_behind_after_the_next_save(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    script = "import os, sys\nfrom machiavelli_kit import files\nos.fsync = lambda fd: os._exit(9)\n"
    script += "files.write_atomically(sys.argv[1], 'half')\n"
    killed = subprocess.run([sys.executable, "-c", script, str(path)], check=False)
    assert killed.returncode == 9
    assert len(temporaries(tmp_path)) == 1 and not path.exists()
    (tmp_path / "notes.tmp").write_text("not ours")
    Progress(student="Ada").save(path)
    assert temporaries(tmp_path) == [tmp_path / "notes.tmp"]
    assert Progress.load(path).student == "Ada"


def test_a_symlinked_progress_file_is_written_through(tmp_path: Path) -> None:
    target = tmp_path / "synced" / "progress.json"
    Progress(student="Ada", records={"bga-1": Record(1, 0, False)}).save(target)
    link = tmp_path / "progress.json"
    link.symlink_to(target)
    progress = Progress.load(link)
    progress.attempt("bga-1", solved=True)
    progress.save(link)
    assert link.is_symlink() and link.resolve() == target
    assert Progress.load(target).records == {"bga-1": Record(2, 0, True)}


def test_csv_for_the_teacher() -> None:
    progress = Progress(student="Ada, B.")
    progress.attempt("it-3", solved=True)
    progress.hint("bga-2")
    progress.attempt("wiki-1", solved=True, helped=True)
    progress.attempt("bga-3", solved=False)
    progress.spend("bga-3", 61.6)
    rows = list(csv.DictReader(io.StringIO(progress.to_csv())))
    row = {"student": "Ada, B.", "attempts": "1", "hints": "0", "seconds": "0", "rating": "1500"}
    assert rows == [
        {**row, "puzzle": "bga-2", "status": "new", "attempts": "0", "hints": "1"},
        {**row, "puzzle": "bga-3", "status": "failed", "seconds": "62"},
        {**row, "puzzle": "it-3", "status": "solved"},
        {**row, "puzzle": "wiki-1", "status": "solved with help"},
    ]


def test_csv_reads_back_with_name_rating_and_every_status() -> None:
    progress = Progress(student="Ada, B.", rating=Rating(1612.4, 90))
    progress.attempt("it-3", solved=True)
    progress.hint("bga-2")
    progress.attempt("wiki-1", solved=True, helped=True)
    progress.attempt("bga-3", solved=False)
    progress.spend("bga-3", 61.6)
    again = Progress.from_csv(progress.to_csv())
    assert again.student == "Ada, B." and round(again.rating.rating) == 1612
    assert {key: record.status for key, record in again.records.items()} == {
        "bga-2": NEW,
        "bga-3": FAILED,
        "it-3": SOLVED,
        "wiki-1": HELPED,
    }
    assert again.record("bga-3") == Record(1, 0, False, False, 62.0)


def test_a_student_with_nothing_tried_exports_one_row_with_the_name() -> None:
    text = Progress(student="Ben").to_csv()
    assert text.splitlines()[1] == "Ben,,new,0,0,0,1500"
    again = Progress.from_csv(text)
    assert again.student == "Ben" and again.records == {}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "the first line must name the columns"),
        ("name,puzzle\nAda,bga-1\n", "the first line must name the columns"),
        ("student,puzzle,status,attempts,hints,seconds,rating\nAda,bga-1,won,1,0,0,1500\n", "line 2: the status 'won'"),
        ("student,puzzle,status,attempts,hints,seconds,rating\nAda,bga-1,solved,x,0,0,1500\n", "line 2: attempts"),
        ("student,puzzle,status,attempts,hints,seconds,rating\nAda,bga-1,solved,1,0\n", "line 2 has 5 values"),
        ("student,puzzle,status,attempts,hints,seconds,rating\nAda,bga-1,failed,0,0,0,1500\n", "at least one attempt"),
        (
            "student,puzzle,status,attempts,hints,seconds,rating\nAda,bga-1,solved,1,0,0,1500\nBen,it-3,solved,1,0,0,1500\n",
            "line 3: a second student ('Ben')",
        ),
        (
            "student,puzzle,status,attempts,hints,seconds,rating\nAda,bga-1,solved,1,0,0,1500\nAda,bga-1,failed,1,0,0,1500\n",
            "line 3: the puzzle 'bga-1' is listed twice",
        ),
    ],
)
def test_a_bad_csv_names_the_line_and_the_problem(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem.replace("(", "\\(").replace(")", "\\)")):
        Progress.from_csv(text)


def test_the_default_path_follows_the_variable_when_it_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from machiavelli_kit.practice.progress import default_path

    monkeypatch.setenv("MACHIAVELLI_KIT_PROGRESS", str(tmp_path / "class" / "progress.json"))
    assert default_path() == tmp_path / "class" / "progress.json"


def progress_json(records: object, **fields: object) -> str:
    return json.dumps({"format": 2, "student": "Ada", "records": records, **fields})


RECORD = {"attempts": 1, "hints": 0, "solved": True, "solved_with_help": False, "seconds": 3.0}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (progress_json({}, student={"first": "Ada"}), "the student's name must be text, not {'first': 'Ada'}"),
        (progress_json({}, student=["Ada"]), "the student's name must be text, not ['Ada']"),
        (progress_json({"bga-1": {**RECORD, "attempts": -3}}), "puzzle 'bga-1': attempts, hints and seconds must be"),
        (progress_json({"bga-1": {**RECORD, "hints": -1}}), "puzzle 'bga-1': attempts, hints and seconds must be 0"),
        (progress_json({"bga-1": {**RECORD, "attempts": 0}}), "a puzzle solved must have at least one attempt"),
        (progress_json({"bga-1": {**RECORD, "attempts": 1.5}}), "attempts and hints must be whole numbers"),
        (progress_json({"=cmd": RECORD}), "'=cmd' is not a puzzle id: ids are lower-case letters, digits and dashes"),
        (progress_json({"x" * 65: RECORD}), "a puzzle id has at most 64 characters, not 65"),
        (progress_json({}, puzzle_ratings={"=cmd": {"rating": 1, "deviation": 1, "volatility": 1}}), "'=cmd' is not"),
        (progress_json([RECORD]), 'records must be written as {"puzzle id": ...}'),
        (progress_json({}, puzzle_ratings=[]), 'puzzle_ratings must be written as {"puzzle id": ...}'),
        (progress_json({"bga-1": [1, 0, True]}), "puzzle 'bga-1': a record has attempts, hints and solved"),
        (progress_json({"bga-1": {"attempts": 1}}), "puzzle 'bga-1': a record has attempts, hints and solved"),
        (
            progress_json({f"p-{n}": RECORD for n in range(10_001)}),
            "it holds 10,001 puzzles, more than the 10,000 a student's progress can hold",
        ),
        ('["Ada"]', "it must hold the student's name and records, written as {...}"),
        ('{"student": "Ada"}', 'records must be written as {"puzzle id": ...}'),
    ],
)
def test_a_hand_edited_progress_file_or_json_export_is_held_to_the_rules(text: str, problem: str) -> None:
    with pytest.raises(ProgressError) as error:
        Progress.from_json(text)
    assert str(error.value).startswith("not a progress file (") and problem in str(error.value)


@settings(max_examples=300, deadline=None)
@given(
    puzzle=st.sampled_from(["bga-1", "p", "=cmd", "Bga-1", "-x", "a" * 64, "a" * 65, "a b"]),
    attempts=st.integers(-2, 3),
    hints=st.integers(-2, 2),
    seconds=st.sampled_from([0.0, 5.5, -1.0, float("inf"), float("nan")]),
    solved=st.booleans(),
    helped=st.booleans(),
)
def test_a_json_export_is_held_to_the_rules_of_a_csv_one(
    puzzle: str, attempts: int, hints: int, seconds: float, solved: bool, helped: bool
) -> None:
    """The same record, as a JSON export and as the CSV row that stands for it: both read, or both refused alike."""
    record = {"attempts": attempts, "hints": hints, "solved": solved, "solved_with_help": helped, "seconds": seconds}
    status = SOLVED if solved else HELPED if helped else FAILED if attempts else NEW
    header = "student,puzzle,status,attempts,hints,seconds,rating"
    csv_text = f"{header}\nAda,{puzzle},{status},{attempts},{hints},{seconds},1500\n"
    verdicts: list[object] = []
    for read, text, prefixes in (
        (Progress.from_json, progress_json({puzzle: record}), ("not a progress file (", f"puzzle {quote(puzzle)}: ")),
        (Progress.from_csv, csv_text, ("line 2: ",)),
    ):
        try:
            records = read(text).records
            verdicts.append({key: (got.status, got.attempts, got.hints, got.seconds) for key, got in records.items()})
        except ValueError as error:
            reason = str(error)
            for prefix in prefixes:
                reason = reason.removeprefix(prefix)
            verdicts.append(reason.removesuffix(")") if read == Progress.from_json else reason)
    assert verdicts[0] == verdicts[1]
