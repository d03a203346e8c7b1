"""The trainer on a class's app server: a learner's name is theirs; others' names and server folders stay hidden.

Each browser is a visitor: the app server gives each page's kernel the visitor's id in
``MACHIAVELLI_KIT_VISITOR``, which these tests set as it would.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from machiavelli_kit.classroom.owners import NAME_TAKEN, owners_path, release
from machiavelli_kit.classroom.students import NAMES_REQUIRED
from machiavelli_kit.classroom.visitor import VISITOR
from machiavelli_kit.practice.progress import Progress
from machiavelli_kit.practice.trainer import Trainer
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.ui.puzzle_browser import NAME_FIRST, PuzzleBrowser

COLLECTION = load_collection()
ADA, BEN = "a1" * 32, "b2" * 32


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """The environment of a page's kernel on ``machiavelli-kit app``, its visitor chosen with :func:`page`."""
    monkeypatch.setenv(NAMES_REQUIRED, "1")
    return monkeypatch


def page(monkeypatch: pytest.MonkeyPatch, visitor: str, folder: Path) -> PuzzleBrowser:
    """A new page of the trainer, opened by ``visitor``."""
    monkeypatch.setenv(VISITOR, visitor)
    trainer = Trainer(COLLECTION, Progress(), rng=random.Random(0))
    browser = PuzzleBrowser(path=folder / "progress.json", trainer=trainer, export_folder=folder / "notebooks")
    assert browser.require_name
    return browser


def answer_bga_3(browser: PuzzleBrowser) -> None:
    browser.puzzle_choice.value = "bga-3"
    browser.play_button.click()
    assert browser.board is not None
    browser.board.board.buttons["No play: draw"].click()


def test_a_second_visitor_can_neither_open_nor_save_into_the_first_ones_file(
    app: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ada = page(app, ADA, tmp_path)
    ada.student_choice.value = "Ada Lovelace"
    answer_bga_3(ada)
    ada_file = tmp_path / "students" / "ada-lovelace.json"
    saved = ada_file.read_bytes()
    ben = page(app, BEN, tmp_path)
    for spelling in ("Ada Lovelace", "ada lovelace", "ADA  LOVELACE"):
        ben.student_choice.value = spelling
        assert f"{NAME_TAKEN[0].upper()}{NAME_TAKEN[1:]}." in ben.student_info.value
        assert ben.student == "" and ben.path != ada_file and ben.progress.records == {}
    ben.next()
    assert ben.board is None and NAME_FIRST in ben.ask.value, "no name of his own yet: nothing starts"
    ben.student_choice.value = "Ben"
    answer_bga_3(ben)
    ben.export()
    assert ben.path == tmp_path / "students" / "ben.json" and Progress.load(ben.path).solved == ["bga-3"]
    assert ada_file.read_bytes() == saved, "Ada's file is as she left it"


def test_a_visitor_is_offered_only_their_own_names(app: pytest.MonkeyPatch, tmp_path: Path) -> None:
    Progress(student="Dan").save(tmp_path / "students" / "dan.json")  # from before the app knew visitors
    ada = page(app, ADA, tmp_path)
    ada.student_choice.value = "Ada"
    ada.student_choice.value = "Ada's sister"
    assert ada.student_choice.options == ("Ada", "Ada's sister")
    ben = page(app, BEN, tmp_path)
    assert ben.student_choice.options == ()
    ben.student_choice.value = "Ben"
    assert ben.student_choice.options == ("Ben",)
    assert page(app, ADA, tmp_path).student_choice.options == ("Ada", "Ada's sister")


def test_the_first_visitor_gets_their_file_back_on_a_new_page(app: pytest.MonkeyPatch, tmp_path: Path) -> None:
    first = page(app, ADA, tmp_path)
    assert first.student == "" and NAME_FIRST in first.student_info.value
    first.student_choice.value = "Ada"
    answer_bga_3(first)
    again = page(app, ADA, tmp_path)  # the trainer, then the game, then the trainer again: a new kernel each
    assert again.student_choice.value == "Ada" and again.student == "Ada"
    assert again.progress.solved == ["bga-3"] and again.path == tmp_path / "students" / "ada.json"
    assert "Hello Ada!" in again.student_info.value
    assert page(app, BEN, tmp_path).student == "", "another visitor's page opens no name"


def test_a_name_the_teacher_freed_goes_to_the_next_visitor_who_gives_it(
    app: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ada = page(app, ADA, tmp_path)
    ada.student_choice.value = "Ada"
    answer_bga_3(ada)
    assert release("Ada", tmp_path / "students")
    assert page(app, ADA, tmp_path).student == "", "her old browser no longer opens it by itself"
    moved = page(app, BEN, tmp_path)  # Ada on another computer
    moved.student_choice.value = "Ada"
    assert moved.student == "Ada" and moved.progress.solved == ["bga-3"]


def test_no_server_folder_is_shown_to_a_visitor(app: pytest.MonkeyPatch, tmp_path: Path) -> None:
    folder = str(tmp_path)
    browser = page(app, ADA, tmp_path)
    browser.student_choice.value = "Ada"
    assert (
        "Your progress is saved in ada.json." in browser.student_info.value and folder not in browser.student_info.value
    )
    answer_bga_3(browser)
    browser.export()
    assert "Saved as ada-progress.csv: <a download=" in browser.student_info.value
    assert folder not in browser.student_info.value.split("href=")[0]
    (tmp_path / "students" / "ada.json").unlink()
    (tmp_path / "students" / "ada.json").mkdir()  # a file the kit cannot read
    assert browser.board is not None
    browser.board.board.buttons["No play: draw"].click()
    assert "students/ada.json cannot be read" in browser.board.saving.value and folder not in browser.board.saving.value
    browser.student_choice.value = ""
    browser.student_choice.value = "Ada"
    assert "Students/ada.json cannot be read" in browser.student_info.value and folder not in browser.student_info.value
    owners_path(tmp_path / "students").write_text("{", encoding="utf-8")
    browser.student_choice.value = "Ada's sister"
    info = browser.student_info.value
    assert "cannot be read as the list of who owns which name" in info and folder not in info


def test_outside_the_app_every_name_is_offered_and_opened_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(VISITOR, raising=False)
    first = PuzzleBrowser(path=tmp_path / "progress.json", require_name=True)
    first.student_choice.value = "Ada"
    answer_bga_3(first)
    assert f"Your progress is saved in {tmp_path / 'students' / 'ada.json'}." in first.student_info.value
    family = PuzzleBrowser(path=tmp_path / "progress.json", require_name=True)  # a family's computer
    assert family.student_choice.options == ("Ada",) and family.student == "Ada", "the name given last, opened"
    assert family.progress.solved == ["bga-3"]
    family.student_choice.value = "Bea"
    assert family.student == "Bea" and family.student_choice.options == ("Ada", "Bea")
    assert not owners_path(tmp_path / "students").exists()
