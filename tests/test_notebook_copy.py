"""The learner's copy of the notebooks: copied once, kept up to date, and a changed notebook is never overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from machiavelli_kit.cli import main
from machiavelli_kit.resources import bundled_dir
from machiavelli_kit.serve.notebook_copy import RECORD, copy_notebooks, notebooks_dir


def notebook(text: str) -> str:
    return json.dumps({"cells": [{"cell_type": "markdown", "source": text}], "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    """A stand-in for the bundled notebooks folder."""
    source = tmp_path / "bundled"
    source.mkdir()
    (source / "start.ipynb").write_text(notebook("version 1"), encoding="utf-8")
    (source / "rules.ipynb").write_text(notebook("rules 1"), encoding="utf-8")
    return source


def test_the_first_run_copies_every_notebook_and_a_second_run_does_nothing(kit: Path, tmp_path: Path) -> None:
    target = tmp_path / "mine"
    assert copy_notebooks(kit, target) == [f"copied rules.ipynb into {target}", f"copied start.ipynb into {target}"]
    assert (target / "start.ipynb").read_text(encoding="utf-8") == notebook("version 1")
    stamp = (target / "start.ipynb").stat().st_mtime_ns
    assert copy_notebooks(kit, target) == []
    assert (target / "start.ipynb").stat().st_mtime_ns == stamp
    assert sorted(path.name for path in target.iterdir()) == [RECORD, "rules.ipynb", "start.ipynb"]


def test_an_untouched_notebook_gets_the_new_version(kit: Path, tmp_path: Path) -> None:
    target = tmp_path / "mine"
    copy_notebooks(kit, target)
    (kit / "start.ipynb").write_text(notebook("version 2"), encoding="utf-8")
    assert copy_notebooks(kit, target) == ["updated start.ipynb to the kit's new version"]
    assert (target / "start.ipynb").read_text(encoding="utf-8") == notebook("version 2")


def test_a_changed_notebook_is_kept_and_the_new_version_goes_beside_it_once(kit: Path, tmp_path: Path) -> None:
    target = tmp_path / "mine"
    copy_notebooks(kit, target)
    (target / "start.ipynb").write_text(notebook("my answers"), encoding="utf-8")
    (kit / "start.ipynb").write_text(notebook("version 2"), encoding="utf-8")
    assert copy_notebooks(kit, target) == [
        "start.ipynb has your changes, so it was kept; the kit's new version is in start-new.ipynb"
    ]
    assert (target / "start.ipynb").read_text(encoding="utf-8") == notebook("my answers")
    assert (target / "start-new.ipynb").read_text(encoding="utf-8") == notebook("version 2")
    (target / "start-new.ipynb").unlink()  # the learner looked at it and threw it away
    assert copy_notebooks(kit, target) == []
    assert not (target / "start-new.ipynb").exists()
    (kit / "start.ipynb").write_text(notebook("version 3"), encoding="utf-8")
    assert copy_notebooks(kit, target) == [
        "start.ipynb has your changes, so it was kept; the kit's new version is in start-new.ipynb"
    ]
    assert (target / "start.ipynb").read_text(encoding="utf-8") == notebook("my answers")


def test_a_changed_new_version_is_kept_too(kit: Path, tmp_path: Path) -> None:
    target = tmp_path / "mine"
    copy_notebooks(kit, target)
    (target / "start.ipynb").write_text(notebook("my answers"), encoding="utf-8")
    (kit / "start.ipynb").write_text(notebook("version 2"), encoding="utf-8")
    copy_notebooks(kit, target)
    (target / "start-new.ipynb").write_text(notebook("more answers"), encoding="utf-8")
    (kit / "start.ipynb").write_text(notebook("version 3"), encoding="utf-8")
    assert copy_notebooks(kit, target) == [
        "start.ipynb and start-new.ipynb both have your changes, so both were kept; "
        f"the kit's new version is {kit / 'start.ipynb'}"
    ]
    assert (target / "start-new.ipynb").read_text(encoding="utf-8") == notebook("more answers")


def test_a_notebook_the_kit_did_not_write_is_never_overwritten(kit: Path, tmp_path: Path) -> None:
    target = tmp_path / "class"
    target.mkdir()
    (target / "start.ipynb").write_text(notebook("the teacher's own start"), encoding="utf-8")
    (target / RECORD).write_text("not json", encoding="utf-8")
    assert copy_notebooks(kit, target) == [
        f"copied rules.ipynb into {target}",
        "start.ipynb has your changes, so it was kept; the kit's new version is in start-new.ipynb",
    ]
    assert (target / "start.ipynb").read_text(encoding="utf-8") == notebook("the teacher's own start")


def test_a_deleted_notebook_comes_back(kit: Path, tmp_path: Path) -> None:
    target = tmp_path / "mine"
    copy_notebooks(kit, target)
    (target / "start.ipynb").unlink()
    assert copy_notebooks(kit, target) == [f"copied start.ipynb into {target}"]


def test_the_checkout_serves_its_own_notebooks_and_a_given_folder_gets_a_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert notebooks_dir() == bundled_dir("notebooks")
    folder = notebooks_dir(str(tmp_path / "class"))
    assert folder == tmp_path / "class"
    names = sorted(path.name for path in bundled_dir("notebooks").glob("*.ipynb"))
    assert sorted(path.name for path in folder.glob("*.ipynb")) == names
    assert f"copied start.ipynb into {folder}" in capsys.readouterr().out


def test_a_file_given_as_the_notebooks_folder_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("hello", encoding="utf-8")
    for command in ("lab", "app"):
        assert main([command, "--notebooks", str(tmp_path / "notes.txt")]) == 2
        assert f"{tmp_path / 'notes.txt'} is a file, not a folder" in capsys.readouterr().err


def test_a_folder_that_cannot_be_made_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("hello", encoding="utf-8")
    assert main(["lab", "--notebooks", str(tmp_path / "notes.txt" / "class")]) == 2
    assert capsys.readouterr().err == (
        f"machiavelli-kit lab: cannot write the notebooks into {tmp_path / 'notes.txt' / 'class'} (Not a directory): "
        "choose another folder with --notebooks DIR\n"
    )


def test_translated_notebooks_are_copied_and_their_new_version_keeps_the_language_last(
    kit: Path, tmp_path: Path
) -> None:
    (kit / "lesson.it.ipynb").write_text(notebook("lezione 1"), encoding="utf-8")
    (kit / "rules.pl.ipynb").write_text(notebook("zasady 1"), encoding="utf-8")
    target = tmp_path / "mine"
    assert copy_notebooks(kit, target) == [
        f"copied lesson.it.ipynb into {target}",
        f"copied rules.ipynb into {target}",
        f"copied rules.pl.ipynb into {target}",
        f"copied start.ipynb into {target}",
    ]
    (target / "lesson.it.ipynb").write_text(notebook("le mie risposte"), encoding="utf-8")
    (kit / "lesson.it.ipynb").write_text(notebook("lezione 2"), encoding="utf-8")
    assert copy_notebooks(kit, target) == [
        "lesson.it.ipynb has your changes, so it was kept; the kit's new version is in lesson-new.it.ipynb"
    ]
    assert (target / "lesson-new.it.ipynb").read_text(encoding="utf-8") == notebook("lezione 2")
