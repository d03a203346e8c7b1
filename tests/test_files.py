"""The atomic writer: permissions from the umask, symlinks written through, stale temporaries, the lock."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from machiavelli_kit.classroom.sheet_files import export_worksheet
from machiavelli_kit.files import locked, remove_temporaries, write_atomically
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
