"""The language switch in a real browser: pick Polski or Italiano at the top of the start notebook, and the
board made after it speaks that language, in its buttons and in the Check of a broken table."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Position
from machiavelli_kit.practice.session import PlayState
from machiavelli_kit.ui.layout import lay_out
from tests.e2e.conftest import open_in_lab
from tests.e2e.test_browser import TIMEOUT, wait_drawn

pytestmark = pytest.mark.browser
START_BOARD = Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H")
"""The board of the start notebook's "Try it"."""
GRIP = 8


def wait_text(page: Page, element: Locator, text: str, *, start: bool = False) -> None:
    check = "el.textContent.startsWith(text)" if start else "el.textContent.includes(text)"
    page.wait_for_function(f"([el, text]) => {check}", arg=[element.element_handle(), text], timeout=TIMEOUT)


def drag_to_a_new_meld(page: Page, canvas: Locator, code: str) -> None:
    """Drag ``code`` from the table to the new-meld slot of the start board, which breaks its run."""
    board = lay_out(PlayState.of(START_BOARD))
    spot = next(spot for spot in board.cards if spot.card == Card.parse(code))
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None
    k = box["width"] / board.width
    page.mouse.move(box["x"] + (spot.box.x + GRIP) * k, box["y"] + (spot.box.y + 40) * k)
    page.mouse.down()
    goal = board.new_slot
    page.mouse.move(box["x"] + (goal.x + goal.w / 2) * k, box["y"] + (goal.y + goal.h / 2) * k, steps=8)
    page.mouse.up()


@pytest.mark.parametrize(
    ("name", "check", "moved", "not_yet", "meld", "notebook"),
    [
        ("Polski", "Sprawdź", "Przeniesiono 6♥ do nowego układu.", "Jeszcze niepoprawnie", "układ 3", "pl"),
        (
            "Italiano",
            "Controlla",
            "Hai spostato 6♥ in una nuova combinazione.",
            "Non ancora valido",
            "combinazione 3",
            "it",
        ),
    ],
)
def test_the_start_notebooks_switch_makes_the_next_board_speak_the_language(
    page: Page,
    lab_url: str,
    notebooks_copy: Path,
    artifacts: Path,
    name: str,
    check: str,
    moved: str,
    not_yet: str,
    meld: str,
    notebook: str,
) -> None:
    copy = f"start-languages-{notebook}.ipynb"  # its own kernel: other tests' start notebook stays English
    shutil.copy(notebooks_copy / "start.ipynb", notebooks_copy / copy)
    open_in_lab(page, lab_url, copy, TIMEOUT)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    switch = page.locator(".mk-language-switch")
    old = page.locator(".mk-position")
    wait_drawn(page, old.locator("canvas.mk-canvas"))
    assert old.locator(".mk-check").text_content() == "Check", "the board made before the switch is English"
    switch.locator(".mk-language-choice button", has_text=name).click()
    wait_text(page, switch.locator(".mk-language-note"), {"pl": "Od teraz", "it": "Da ora in poi"}[notebook])
    starts = page.locator(f"a[href*='start.{notebook}.ipynb']")
    assert starts.count() >= 1, "the start notebook links to the start page in this language"

    # run the "Try it" cell again: the board made now speaks the language picked
    page.evaluate(
        """() => {
            const panel = window.jupyterapp.shell.currentWidget;
            const cells = panel.content.widgets;
            panel.content.activeCellIndex = cells.findIndex(
                cell => cell.model.sharedModel.getSource().includes('PositionBoard(Position.parse'));
            return window.jupyterapp.commands.execute('notebook:run-cell');
        }"""
    )
    widget = page.locator(".mk-position")
    button = widget.locator(".mk-check")
    wait_text(page, button, check)
    assert button.text_content() == check and widget.count() == 1
    assert widget.locator(".mk-undo").text_content() == {"pl": "Cofnij", "it": "Annulla"}[notebook]
    canvas = widget.locator("canvas.mk-canvas")
    status = widget.locator(".mk-status")
    wait_drawn(page, canvas)
    wait_text(page, status, {"pl": "Przeciągaj karty", "it": "Trascina le carte"}[notebook], start=True)
    drag_to_a_new_meld(page, canvas, "6H")
    wait_text(page, status, moved, start=True)
    button.click()
    wait_text(page, status, not_yet, start=True)
    text = status.text_content() or ""
    assert meld in text and "Not valid" not in text
    widget.screenshot(path=artifacts / f"lab-start-{notebook}-check.png")
    switch.locator(".mk-language-choice button", has_text="English").click()  # the kernel back as it was
