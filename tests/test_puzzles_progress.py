"""Progress: saved atomically, read back, exported as CSV for a teacher."""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest

from machiavelli_kit.puzzles.progress import Progress, ProgressError, Record


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    progress = Progress(student="Ada")
    progress.attempt("bga-1", solved=False)
    progress.hint("bga-1")
    progress.attempt("bga-1", solved=True)
    progress.attempt("it-3", solved=False)
    path = tmp_path / "deep" / "progress.json"
    progress.save(path)
    again = Progress.load(path)
    assert again == progress
    assert again.solved == ["bga-1"]
    assert again.record("it-3") == Record(attempts=1, hints=0, solved=False)
    assert list(path.parent.iterdir()) == [path], "no temporary file is left behind"


def test_a_failed_save_leaves_the_old_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    Progress(student="Ada", records={"bga-1": Record(1, 0, True)}).save(path)
    before = path.read_bytes()

    def crash(source: str, target: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        Progress(student="Bob").save(path)
    assert path.read_bytes() == before
    assert list(tmp_path.iterdir()) == [path]


def test_missing_file_is_empty_and_a_broken_one_is_named(tmp_path: Path) -> None:
    assert Progress.load(tmp_path / "none.json") == Progress()
    broken = tmp_path / "broken.json"
    broken.write_text('{"records": {"bga-1": {"attempts": "many"}}}')
    with pytest.raises(ProgressError, match=r"broken\.json: not a progress file"):
        Progress.load(broken)


def test_csv_for_the_teacher() -> None:
    progress = Progress(student="Ada, B.")
    progress.attempt("it-3", solved=True)
    progress.hint("bga-2")
    rows = list(csv.DictReader(io.StringIO(progress.to_csv())))
    assert rows == [
        {"student": "Ada, B.", "puzzle": "bga-2", "attempts": "0", "hints": "1", "solved": "no"},
        {"student": "Ada, B.", "puzzle": "it-3", "attempts": "1", "hints": "0", "solved": "yes"},
    ]
