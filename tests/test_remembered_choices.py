"""Every page after the first knows the learner: the language they chose and the name they gave, headless.

Each page is its own kernel: a new page here is a new widget made after the kit's widgets
restore the saved language (:func:`restore_language`, what importing them does in a new kernel),
and, on a class's app server, in the environment the app gives the page's kernel. The root
conftest gives each test an empty preferences folder of its own.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from machiavelli_kit.classroom.owners import NAME_TAKEN
from machiavelli_kit.classroom.preferences import FOLDER_VARIABLE, Preferences, preference_store, restore_language
from machiavelli_kit.classroom.visitor import VISITOR
from machiavelli_kit.i18n import set_language
from machiavelli_kit.practice.progress import Progress
from machiavelli_kit.practice.trainer import Trainer
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.ui.game_board import GameBoard
from machiavelli_kit.ui.language_switch import LanguageSwitch
from machiavelli_kit.ui.puzzle_browser import PuzzleBrowser

COLLECTION = load_collection()
ADA, BEN = "a1" * 32, "b2" * 32
"""Two visitors' ids, as the app server gives them: hex text."""


@pytest.fixture(autouse=True)
def _session_language_back() -> Iterator[None]:
    yield
    set_language(None)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The kit's data folder, where the students' files and the owners' list are kept."""
    monkeypatch.setenv("MACHIAVELLI_KIT_PROGRESS", str(tmp_path / "progress.json"))
    monkeypatch.delenv(VISITOR, raising=False)
    return tmp_path


def new_page(monkeypatch: pytest.MonkeyPatch, visitor: str | None = None) -> None:
    """What a new page's kernel starts with: its visitor (on the app) and the saved language, no session's."""
    if visitor is None:
        monkeypatch.delenv(VISITOR, raising=False)
    else:
        monkeypatch.setenv(VISITOR, visitor)
    set_language(None)
    restore_language()


def trainer(data: Path) -> PuzzleBrowser:
    return PuzzleBrowser(
        path=data / "progress.json",
        trainer=Trainer(COLLECTION, Progress(), rng=random.Random(0)),
        export_folder=data / "notebooks",
    )


def first_seat(board: GameBoard) -> str:
    return board.setup.seats()[0].name


def kernel_language(env: dict[str, str]) -> str:
    """The language a new kernel speaks once it has loaded the kit's widgets, in the environment ``env``."""
    code = "import machiavelli_kit.ui; from machiavelli_kit.i18n import language; print(language())"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_italiano_on_the_start_page_is_the_language_of_the_next_page(
    own_preferences: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {**os.environ, FOLDER_VARIABLE: str(own_preferences), "LANGUAGE": "en"}
    env.pop(VISITOR, None)
    assert kernel_language(env) == "en"
    LanguageSwitch().choice.value = "it"
    assert preference_store(None).load() == Preferences("it", None)
    assert kernel_language(env) == "it", "a new kernel (a Lab restarted, the next page) starts in Italian"
    assert kernel_language({**env, VISITOR: BEN}) == "en", "a visitor on the app does not get the Lab's choice"


def test_on_the_app_each_browser_starts_in_its_own_language(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    new_page(monkeypatch, ADA)
    LanguageSwitch().choice.value = "pl"
    new_page(monkeypatch, BEN)
    board = GameBoard(seed=7)
    assert LanguageSwitch().language == "en" and board.language == "en" and board.setup.preset.description == "Rules"
    new_page(monkeypatch, ADA)
    assert LanguageSwitch().language == "pl", "the start page opened again shows the choice made"
    board = GameBoard(seed=7)
    assert board.language == "pl" and board.setup.preset.description == "Zasady"


def test_the_game_and_the_trainer_come_up_in_the_saved_language_with_the_saved_name(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    preference_store(None).change(language="it", name="Ada Lovelace")
    new_page(monkeypatch)
    board = GameBoard(seed=7)
    assert board.language == "it" and board.setup.start_button.description == "Inizia"
    assert first_seat(board) == "Ada Lovelace"
    browser = trainer(data)
    assert browser.language == "it" and browser.student_choice.value == "Ada Lovelace"
    assert browser.student == "Ada Lovelace" and browser.path == data / "students" / "ada-lovelace.json"
    assert GameBoard(seed=7, lang="pl").language == "pl", "lang= on the page beats the saved choice"


def test_a_name_given_in_the_trainer_is_filled_in_on_the_next_pages(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_page(monkeypatch)
    assert first_seat(GameBoard(seed=7)) == "You" and trainer(data).student == ""
    trainer(data).student_choice.value = "Ola"
    new_page(monkeypatch)
    assert first_seat(GameBoard(seed=7)) == "Ola" and trainer(data).student == "Ola"


def test_a_name_typed_at_the_game_s_first_seat_is_kept_when_the_game_starts(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_page(monkeypatch)
    board = GameBoard(seed=7)
    board.setup.start_button.click()
    assert preference_store(None).load().name is None, "You is no name of the learner's"
    board = GameBoard(seed=7)
    board.setup.choose(["person", "greedy"], ["Bruno", "Greedy"])
    board.setup.start_button.click()
    assert board.flow is not None and preference_store(None).load().name == "Bruno"
    assert trainer(data).student == "Bruno", "the trainer opens his progress"
    for odd in ("=1+1", "@Ada"):  # a name no student's file may have is a seat's name all the same
        board = GameBoard(seed=7)
        board.setup.choose(["person", "greedy"], [odd, "Greedy"])
        board.setup.start_button.click()
        assert board.flow is not None and board.flow.names[0] == odd and board.setup_status.value == ""
    assert preference_store(None).load().name == "Bruno"


def test_on_the_app_a_visitor_finds_only_their_own_name(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    new_page(monkeypatch, ADA)
    trainer(data).student_choice.value = "Ada"
    new_page(monkeypatch, ADA)
    assert first_seat(GameBoard(seed=7)) == "Ada" and trainer(data).student == "Ada"
    new_page(monkeypatch, BEN)
    assert first_seat(GameBoard(seed=7)) == "You" and trainer(data).student == ""
    assert preference_store(None).load().name is None, "the server's own user keeps no visitor's name"


def test_on_the_app_the_game_s_first_seat_takes_a_name_for_its_visitor(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_page(monkeypatch, BEN)
    board = GameBoard(seed=7)
    board.setup.choose(["person", "greedy"], ["Ben", "Greedy"])
    board.setup.start_button.click()
    assert board.flow is not None
    new_page(monkeypatch, BEN)
    assert trainer(data).student == "Ben", "his trainer opens the name he played under"
    new_page(monkeypatch, ADA)
    board = GameBoard(seed=7)
    board.setup.choose(["person", "greedy"], ["ben", "Greedy"])
    board.setup.start_button.click()
    assert board.flow is None and board.setup_status.value == f"{NAME_TAKEN[0].upper()}{NAME_TAKEN[1:]}."
