"""The lesson and the rules in the app (Voila): every board draws, answers wait for Show the answer,
the tests' own checks and stray values never show, and the rules' picker changes the board."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from machiavelli_kit.practice.examples import example, worked_examples

pytestmark = pytest.mark.browser
TIMEOUT = 60_000
BARE_VALUE = ".jp-OutputArea-executeResult > .jp-RenderedText"
"""A value left at the end of a cell, shown as text (the old puzzles notebook's ``525`` matched this)."""
PRINTED = ".jp-OutputArea-child:not(.jp-OutputArea-executeResult) > .jp-RenderedText"
TEST_ONLY_PRINTOUTS = ("agree with the solver", "agrees with the rule books", "agrees with all")


def wait_drawn(page: Page, canvas: Locator) -> None:
    """Wait until the canvas is painted in its middle and near its top-left corner (whatever the colours)."""
    canvas.scroll_into_view_if_needed(timeout=TIMEOUT)
    page.wait_for_function(
        """el => el.width > 0 && [[6, 6], [el.width >> 1, el.height >> 1]].every(
            ([x, y]) => el.getContext('2d').getImageData(x, y, 1, 1).data[3] === 255)""",
        arg=canvas.element_handle(),
        timeout=TIMEOUT,
    )


def open_page(page: Page, voila_url: str, notebook: str, boards: int) -> Locator:
    """Open ``notebook`` in the app and wait until its ``boards`` boards have all drawn."""
    page.goto(f"{voila_url}/voila/render/{notebook}", timeout=TIMEOUT)
    canvases = page.locator(".mk-position canvas.mk-canvas")
    page.wait_for_function(
        "n => document.querySelectorAll('.mk-position canvas.mk-canvas').length === n", arg=boards, timeout=TIMEOUT
    )
    for index in range(boards):
        wait_drawn(page, canvases.nth(index))
    return canvases


def page_text(page: Page) -> str:
    return str(page.evaluate("document.body.innerText"))


def shows_nothing_stray(page: Page) -> None:
    assert page.locator(BARE_VALUE).count() == 0
    text = page_text(page)
    assert not [line for line in TEST_ONLY_PRINTOUTS if line in text], "a test-only cell showed in the app"


def test_lesson_boards_draw_and_answers_wait_for_the_button(page: Page, voila_url: str, artifacts: Path) -> None:
    open_page(page, voila_url, "lesson.ipynb", boards=4)
    page.screenshot(path=artifacts / "voila-lesson.png", full_page=True)
    shows_nothing_stray(page)
    assert page.locator(PRINTED).count() == 3  # the lesson's own printouts show, as text beside the values
    assert page.locator(".mk-reveal-button").count() == 7  # the deal, 4 boards, points, the limit per turn
    text = page_text(page)
    assert "You can play" not in text and "Nothing can be played here" not in text and "points." not in text
    assert page.locator(".mk-reveal-answer").count() == 0
    play = page.locator(".mk-example-picker", has=page.locator(".mk-position-lesson-play"))
    play.locator(".mk-reveal-button").click()
    answer = play.locator(".mk-reveal-answer")
    answer.wait_for(timeout=TIMEOUT)
    assert (answer.text_content() or "").startswith("You can play 5 cards. One way:")
    # the button's new label comes in a message of its own, after the answer's
    expect(play.locator(".mk-reveal-button")).to_have_text("Hide the answer", timeout=TIMEOUT)
    stuck = page.locator(".mk-example-picker", has=page.locator(".mk-position-lesson-stuck"))
    stuck.locator(".mk-reveal-button").click()
    stuck.locator(".mk-reveal-answer").wait_for(timeout=TIMEOUT)
    assert "3 cards if you moved cards" in (stuck.locator(".mk-reveal-answer").text_content() or "")
    play.screenshot(path=artifacts / "voila-lesson-revealed.png")


def test_rules_one_board_per_book_with_answers_behind_the_button(page: Page, voila_url: str, artifacts: Path) -> None:
    open_page(page, voila_url, "rules.ipynb", boards=3)
    page.screenshot(path=artifacts / "voila-rules.png", full_page=True)
    shows_nothing_stray(page)
    text = page_text(page)
    assert not [item.id for item in worked_examples() if item.story in text], "a story showed before its button"
    quiz = page.locator(".mk-quiz")
    assert (quiz.locator(".mk-quiz-feedback").text_content() or "") == ""
    quiz.locator(".mk-quiz-answer", has_text="Not a meld").click()
    page.wait_for_function(
        "el => el.textContent.startsWith('Not quite: a meld.')",
        arg=quiz.locator(".mk-quiz-feedback").element_handle(),
        timeout=TIMEOUT,
    )
    pickers = page.locator(".mk-example-picker")
    for index, first in enumerate(("bga-7", "it-4", "wiki-1")):  # each book's easiest example first
        assert pickers.nth(index).locator(f".mk-position-{first}").count() == 1
    bga = pickers.nth(0)
    bga.locator(".mk-reveal-button").click()
    bga.locator(".mk-reveal-answer").wait_for(timeout=TIMEOUT)
    assert example("bga-7").story in (bga.locator(".mk-reveal-answer").text_content() or "")
    bga.locator("select").select_option(label="bga-3: Not enough to go round")
    board = bga.locator(".mk-position-bga-3")
    wait_drawn(page, board.locator("canvas.mk-canvas"))
    assert bga.locator(".mk-reveal-answer").count() == 0  # the new example's answer waits for its button
    assert page.locator(".mk-position canvas.mk-canvas").count() == 3  # still one board per book
    bga.locator(".mk-reveal-button").click()
    bga.locator(".mk-reveal-answer").wait_for(timeout=TIMEOUT)
    assert example("bga-3").story in (bga.locator(".mk-reveal-answer").text_content() or "")
    bga.screenshot(path=artifacts / "voila-rules-bga-3-revealed.png")
