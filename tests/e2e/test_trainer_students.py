"""The puzzles notebook in Voila: a student types their name, answers a puzzle and hands in their progress.

On the app server a name belongs to the browser that typed it first: another browser
is not offered it and cannot take it, and the first gets it back on its next page.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from machiavelli_kit.practice.progress import Progress
from machiavelli_kit.serve.app import app_command
from tests.e2e.conftest import serve
from tests.e2e.test_browser import TIMEOUT, wait_drawn
from tests.processes import free_port

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def data_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("kit-data")


@pytest.fixture(scope="module")
def trainer_url(notebooks_copy: Path, data_folder: Path) -> Iterator[str]:
    """Voila with the kit's data folder in a temp folder, never in the tester's home folder."""
    port = free_port()
    command = [*app_command(notebooks_copy, port, open_browser=False), "--Voila.ip=127.0.0.1"]
    environ = {**os.environ, "MACHIAVELLI_KIT_PROGRESS": str(data_folder / "progress.json")}
    yield from serve(command, "/voila/static/voila.js", notebooks_copy, port, environ)


def test_a_student_types_their_name_answers_and_hands_in(
    page: Page, trainer_url: str, data_folder: Path, notebooks_copy: Path, artifacts: Path
) -> None:
    page.goto(f"{trainer_url}/voila/render/puzzles.ipynb", timeout=TIMEOUT)
    trainer = page.locator(".mk-trainer")
    trainer.locator(".mk-puzzle-list option").first.wait_for(state="attached", timeout=TIMEOUT)
    name = trainer.locator(".mk-trainer-student input")
    name.fill("Zoë O'Neil")
    name.press("Enter")
    info = trainer.locator(".mk-trainer-student-info")
    page.wait_for_function("el => el.textContent.includes('Hello')", arg=info.element_handle(), timeout=TIMEOUT)
    assert "Hello Zoë O'Neil!" in (info.text_content() or "")
    puzzles = trainer.locator(".mk-puzzle-list select")
    labels = puzzles.locator("option").all_text_contents()
    puzzles.select_option(index=next(index for index, label in enumerate(labels) if label.split()[1] == "bga-3:"))
    trainer.locator(".mk-trainer-picture svg").wait_for(state="attached", timeout=TIMEOUT)  # before Play moves down
    trainer.locator(".mk-trainer-play").click()
    board = trainer.locator(".mk-puzzle-board")
    wait_drawn(page, board.locator("canvas.mk-canvas"))
    board.locator(".mk-no-play").click()
    verdict = board.locator(".mk-puzzle-verdict")
    page.wait_for_function("el => el.textContent.startsWith('Correct')", arg=verdict.element_handle(), timeout=TIMEOUT)
    trainer.locator(".mk-trainer-export").click()
    page.wait_for_function("el => el.textContent.includes('Saved as')", arg=info.element_handle(), timeout=TIMEOUT)
    trainer.screenshot(path=artifacts / "voila-trainer-student.png")
    assert Progress.load(data_folder / "students" / "zoë-o-neil.json").record("bga-3").solved
    assert Progress.load(data_folder / "progress.json").records == {}, "the computer's own progress is untouched"
    handed_in = Progress.from_csv((notebooks_copy / "zoë-o-neil-progress.csv").read_text(encoding="utf-8"))
    assert handed_in.student == "Zoë O'Neil" and handed_in.record("bga-3").solved
    assert info.locator("a[download='zoë-o-neil-progress.csv']").count() == 1


def open_trainer(page: Page, url: str) -> None:
    page.goto(f"{url}/voila/render/puzzles.ipynb", timeout=TIMEOUT)
    page.locator(".mk-trainer .mk-puzzle-list option").first.wait_for(state="attached", timeout=TIMEOUT)


def give_name(page: Page, name: str, answer: str) -> str:
    """Type ``name`` in the trainer's name box and wait for the line under it to say ``answer``; return that line."""
    box = page.locator(".mk-trainer .mk-trainer-student input")
    box.fill(name)
    box.press("Enter")
    info = page.locator(".mk-trainer .mk-trainer-student-info")
    page.wait_for_function("([el, text]) => el.textContent.includes(text)", arg=[info.element_handle(), answer],
                           timeout=TIMEOUT)  # fmt: skip
    return info.text_content() or ""


def test_a_name_belongs_to_the_browser_that_typed_it_first(
    browser: Browser, trainer_url: str, data_folder: Path, artifacts: Path
) -> None:
    first, second = browser.new_context(), browser.new_context()  # two learners' browsers: two visitors
    try:
        page = first.new_page()
        open_trainer(page, trainer_url)
        line = give_name(page, "Ula", "Hello Ula!")
        assert "ula.json" in line and str(data_folder) not in line, "a learner sees their file's name, not the server's"
        saved = (data_folder / "students" / "ula.json").read_bytes()
        other = second.new_page()
        open_trainer(other, trainer_url)
        offered = other.locator(".mk-trainer .mk-trainer-student datalist option").evaluate_all(
            "options => options.map(option => option.value)"
        )
        assert "Ula" not in offered and "Zoë O'Neil" not in offered, offered
        give_name(other, "ula", "already taken on this server")
        other.screenshot(path=artifacts / "voila-trainer-name-taken.png")
        assert (data_folder / "students" / "ula.json").read_bytes() == saved
        again = first.new_page()  # the same browser, a new page: the name comes back by itself
        open_trainer(again, trainer_url)
        info = again.locator(".mk-trainer .mk-trainer-student-info")
        again.wait_for_function(
            "el => el.textContent.includes('Hello Ula!')", arg=info.element_handle(), timeout=TIMEOUT
        )
    finally:
        first.close()
        second.close()
