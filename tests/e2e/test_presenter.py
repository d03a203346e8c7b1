"""The teacher's presenter in real Chromium, in the Voila app (the teacher's page, opened with the teacher's link):
the right arrow key plays the answer move by move, the words under the cards follow it, the last step says the
puzzle is solved, the left arrow key takes a move back, and the cards fill the page's width; and in JupyterLab."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from machiavelli_kit.puzzles.collection import load_collection
from tests.e2e.conftest import TEACHER_TOKEN, open_in_lab
from tests.e2e.test_game_board import TIMEOUT, text_of, wait_text
from tests.e2e.test_game_keys import hover

pytestmark = pytest.mark.browser

PUZZLE = 2
"""The second puzzle of the collection (bga-7): three moves, all from the hand."""


def test_voila_presenter_steps_through_an_answer_with_the_arrow_keys(
    page: Page, voila_url: str, artifacts: Path
) -> None:
    count = len(load_collection().puzzles)
    page.goto(f"{voila_url}/voila/render/teacher.ipynb?teacher={TEACHER_TOKEN}", timeout=TIMEOUT)
    presenter = page.locator(".mk-presenter")
    where, words = presenter.locator(".mk-presenter-where"), presenter.locator(".mk-presenter-words")
    picture = presenter.locator(".mk-presenter-picture svg")
    presenter.locator(".mk-presenter-next").click(timeout=TIMEOUT)
    wait_text(page, where, f"^Puzzle {PUZZLE} of {count} · step 0 of 3$")
    assert text_of(presenter.locator(".mk-presenter-question")) == "Can you play your whole hand? If so, show how."
    assert text_of(words) == "The answer is hidden. Press → to show it, one move at a time."

    hover(page, picture)
    page.wait_for_function("() => document.querySelector('.mk-presenter.ipyevents-watched') !== null")
    seen = [text_of(words)]
    pictures = [picture.inner_html()]
    for step, key in enumerate(("ArrowRight", "PageDown", "ArrowRight"), start=1):  # PageDown: a clicker
        page.keyboard.press(key)
        wait_text(page, where, f"step {step} of 3$")
        wait_text(page, words, f"^Move {step} of 3: ")
        seen.append(text_of(words))
        pictures.append(picture.inner_html())
    assert len(set(seen)) == 4 and len(set(pictures)) == 4, "each step has its own words and its own picture"
    assert seen[-1].endswith("Solved! The answer: yes."), seen[-1]
    assert presenter.locator(".mk-presenter-forward").is_disabled()
    page.screenshot(path=artifacts / "voila-presenter-solved.png")
    box, view = picture.bounding_box(), page.viewport_size
    assert box is not None and view is not None
    assert box["width"] > 0.8 * view["width"], f"the cards fill the page's width: {box['width']} of {view['width']}"

    page.keyboard.press("ArrowLeft")
    wait_text(page, where, "step 2 of 3$")
    assert text_of(words) == seen[2] and picture.inner_html() == pictures[2]


def test_lab_presenter_steps_with_the_keys_and_its_buttons(page: Page, lab_url: str, artifacts: Path) -> None:
    open_in_lab(page, lab_url, "teacher.ipynb", TIMEOUT)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    presenter = page.locator(".mk-presenter")
    where, words = presenter.locator(".mk-presenter-where"), presenter.locator(".mk-presenter-words")
    presenter.locator(".mk-presenter-next").click(timeout=TIMEOUT)  # Playwright scrolls Lab's panel to it
    wait_text(page, where, "step 0 of 3$")
    hover(page, presenter.locator(".mk-presenter-picture svg"))
    page.wait_for_function("() => document.querySelector('.mk-presenter.ipyevents-watched') !== null")
    page.keyboard.press("ArrowRight")
    wait_text(page, where, "step 1 of 3$")
    assert text_of(words).startswith("Move 1 of 3: ")
    presenter.locator(".mk-presenter-forward").click()
    presenter.locator(".mk-presenter-forward").click()
    wait_text(page, words, "Solved! The answer: yes\\.$")
    presenter.screenshot(path=artifacts / "lab-presenter-solved.png")
