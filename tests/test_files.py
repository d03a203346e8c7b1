"""The atomic writer: permissions from the umask, symlinks written through, stale temporaries, the lock."""

from __future__ import annotations

import csv
import io
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.classroom.sheet_files import export_worksheet
from machiavelli_kit.files import (
    FORMULA_STARTS,
    NotAFile,
    TooBig,
    csv_text,
    csv_value,
    locked,
    not_a_file,
    read_regular,
    remove_temporaries,
    write_atomically,
)
from machiavelli_kit.puzzles.collection import load_collection


@pytest.fixture
def umask() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_shared_files_get_the_umasks_permissions(tmp_path: Path, umask: None, mask: int, mode: int) -> None:
    os.umask(mask)
    write_atomically(tmp_path / "sheet.html", "<p>hi</p>")
    write_atomically(tmp_path / "notes.json", "{}", private=True)
    assert (tmp_path / "sheet.html").stat().st_mode & 0o777 == mode
    assert (tmp_path / "notes.json").stat().st_mode & 0o777 == 0o600


def test_worksheets_are_readable_by_others(tmp_path: Path, umask: None) -> None:
    puzzles = load_collection().select(chapter="ch01")[:1]
    for path in export_worksheet(puzzles, tmp_path, "Homework"):
        assert path.stat().st_mode & 0o777 == 0o644


def test_a_symlink_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "real" / "chapter.toml"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "chapter.toml"
    link.symlink_to(target)
    write_atomically(link, "new")
    assert link.is_symlink()
    assert target.read_text() == "new"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["chapter.toml", "real"]


def test_remove_temporaries_takes_only_that_files_leftovers(tmp_path: Path) -> None:
    path = tmp_path / "progress[1].json"
    mine = [tmp_path / ".progress[1].json.0a1b.tmp", tmp_path / ".progress[1].json.ffff.tmp"]
    others = [tmp_path / ".progress1.json.0a1b.tmp", tmp_path / ".other.json.0a1b.tmp", tmp_path / "progress[1].json"]
    for leftover in mine + others:
        leftover.write_text("x")
    assert remove_temporaries(path) == mine
    assert sorted(tmp_path.iterdir()) == sorted(others)


def test_the_lock_keeps_out_a_second_holder_until_the_first_leaves(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    events: list[str] = []

    def second() -> None:
        with locked(path):
            events.append("second in")

    with locked(path):
        thread = threading.Thread(target=second)
        thread.start()
        time.sleep(0.2)
        events.append("first out")
    thread.join(timeout=10)
    assert events == ["first out", "second in"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_only_a_regular_file_is_read_and_a_named_pipe_is_never_waited_on(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.csv"
    os.mkfifo(pipe)
    (tmp_path / "folder.csv").mkdir()
    (tmp_path / "link.csv").symlink_to(pipe)
    outcome: list[BaseException | bytes] = []

    def read(path: Path) -> None:
        try:
            outcome.append(read_regular(path))
        except BaseException as error:  # handed to the test's thread
            outcome.append(error)

    for path, words in ((pipe, "it is a named pipe, not a file"), (tmp_path / "link.csv", "named pipe")):
        reader = threading.Thread(target=read, args=(path,), daemon=True)
        reader.start()
        reader.join(timeout=60)
        if reader.is_alive():  # it waits for a writer: give it one, so that the test ends
            with open(pipe, "wb"):
                pass
            reader.join()
            pytest.fail(f"reading {path.name} waited for someone to write into the pipe")
        error = outcome.pop()
        assert isinstance(error, NotAFile) and words in str(error) and str(path) in str(error)
    with pytest.raises(NotAFile, match="it is a folder, not a file"):
        read_regular(tmp_path / "folder.csv")
    with pytest.raises(NotAFile, match="it is a device, not a file"):
        read_regular(os.devnull)
    assert not_a_file(pipe) is not None and not_a_file(tmp_path / "missing.csv") is None


def test_a_regular_file_is_read_up_to_a_size(tmp_path: Path) -> None:
    path = tmp_path / "export.csv"
    path.write_bytes(b"x" * 10)
    assert read_regular(path) == read_regular(path, most=10) == b"x" * 10
    assert not_a_file(path) is None
    with pytest.raises(TooBig) as error:
        read_regular(path, most=9)
    assert error.value.size == 10 and error.value.strerror == "it is too big (10 bytes)"
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "missing.csv")


@settings(deadline=None)  # never timed: the machine may be busy
@given(st.lists(st.lists(st.text() | st.integers(), max_size=4), max_size=4))
def test_csv_text_holds_no_formula_and_reads_back(rows: list[list[str | int]]) -> None:
    text = csv_text(rows)
    read = list(csv.reader(io.StringIO(text, newline="")))
    assert [[csv_value(cell) for cell in row] for row in read] == [[str(cell) for cell in row] for row in rows]
    for row, written in zip(rows, read, strict=True):
        for cell, cell_text in zip(row, written, strict=True):
            assert isinstance(cell, int) or not cell_text or cell_text[0] not in FORMULA_STARTS


def test_a_text_cell_that_would_start_a_formula_gets_an_apostrophe() -> None:
    assert csv_text([["=1+1", "-3", -3, "Ada", "'=x", "'Ada"]]) == "'=1+1,'-3,-3,Ada,''=x,'Ada\n"
    assert [csv_value(cell) for cell in ("'=1+1", "'-3", "''=x", "'Ada", "Ada")] == ["=1+1", "-3", "'=x", "'Ada", "Ada"]
