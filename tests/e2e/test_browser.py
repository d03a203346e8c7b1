"""The widgets in a real browser: Voila and JupyterLab render them, drags reach Python, buttons answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from machiavelli_kit.core.cards import Card
from machiavelli_kit.practice.examples import example
from machiavelli_kit.practice.session import Place, PlaySession
from machiavelli_kit.ui.layout import WIDTH, Board, lay_out
from tests.e2e.conftest import open_in_lab

pytestmark = pytest.mark.browser
FELT_PIXEL = [31, 107, 58, 255]
TIMEOUT = 60_000
GRIP = 8
"""Where the tests hold a card, in layout units from its left edge."""


def wait_drawn(page: Page, canvas: Locator, timeout: float = TIMEOUT) -> None:
    """Wait until the canvas shows felt at its top-left corner: the kernel's drawing arrived (``timeout`` in ms)."""
    canvas.scroll_into_view_if_needed(timeout=timeout)
    canvas.wait_for(timeout=timeout)
    page.wait_for_function(
        "([el, want]) => JSON.stringify(Array.from(el.getContext('2d').getImageData(6, 6, 1, 1).data)) === want",
        arg=[canvas.element_handle(), str(FELT_PIXEL).replace(" ", "")],
        timeout=timeout,
    )


def pixel(canvas: Locator, x: float, y: float) -> list[int]:
    """The canvas pixel under layout point (x, y), whatever the board's size and pixel ratio."""
    return list(
        canvas.evaluate(
            """(el, [x, y, width]) => {
                const k = el.width / width;
                return Array.from(el.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data);
            }""",
            [x, y, WIDTH],
        )
    )


class Mirror:
    """A local session that follows the browser's, so the test knows where each card is drawn."""

    def __init__(self, identifier: str | PlaySession) -> None:
        if isinstance(identifier, PlaySession):
            self.session = identifier
        else:
            item = example(identifier)
            self.session = PlaySession(item.position, item.rules)

    def board(self) -> Board:
        return lay_out(self.session.state)

    def drag(self, page: Page, canvas: Locator, status: Locator, code: str, target: Place) -> None:
        """Drag ``code`` to the middle of ``target`` in the browser, then the same move here."""
        card = Card.parse(code)
        board = self.board()
        spot = next(spot for spot in board.cards if spot.card == card and spot.place != target)
        goal = board.melds[target] if isinstance(target, int) else board.new_slot
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        assert box is not None
        k = box["width"] / board.width  # CSS pixels per layout unit: the page may have shrunk the board
        page.mouse.move(box["x"] + (spot.box.x + GRIP) * k, box["y"] + (spot.box.y + 40) * k)
        page.mouse.down()
        drop = (goal.x + goal.w / 2, goal.y + goal.h / 2)
        page.mouse.move(box["x"] + drop[0] * k, box["y"] + drop[1] * k, steps=8)
        page.mouse.up()
        index = board.drop_index(target, drop[0] - GRIP, spot) if isinstance(target, int) else None
        self.session.move(card, spot.place, target, index)
        where = f"meld {target + 1}" if isinstance(target, int) else "a new meld"
        page.wait_for_function(
            "([el, text]) => el.textContent.includes(text)",
            arg=[status.element_handle(), f"Moved {card} to {where}."],
            timeout=TIMEOUT,
        )


def test_voila_drag_check_hint(page: Page, voila_url: str, artifacts: Path) -> None:
    page.goto(f"{voila_url}/voila/render/rules.ipynb", timeout=TIMEOUT)
    widget = page.locator(".mk-position-bga-7")
    canvas = widget.locator("canvas.mk-canvas")
    status = widget.locator(".mk-status")
    wait_drawn(page, canvas)
    page.screenshot(path=artifacts / "voila-rules-start.png", full_page=True)
    mirror = Mirror("bga-7")
    for code in ("3C", "7C", "8C"):
        mirror.drag(page, canvas, status, code, 0)
    last = next(spot for spot in mirror.board().cards if spot.card == Card.parse("8C"))
    assert pixel(canvas, last.box.x + last.box.w - 8, last.box.y + 6) == [255, 255, 255, 255]
    assert mirror.session.state.hand == ()
    widget.locator(".mk-check").click()
    page.wait_for_function("el => el.textContent.startsWith('Valid')", arg=status.element_handle(), timeout=TIMEOUT)
    assert "your whole hand" in status.text_content()  # type: ignore[operator]
    widget.locator(".mk-hint").click()
    page.wait_for_function(
        "el => el.textContent.startsWith('Hint 1 of 6')", arg=status.element_handle(), timeout=TIMEOUT
    )
    assert "You can play 3 cards" in status.text_content()  # type: ignore[operator]
    widget.screenshot(path=artifacts / "voila-bga-7-solved.png")


def test_voila_check_marks_a_broken_table_and_solve_mends_it(page: Page, voila_url: str, artifacts: Path) -> None:
    page.goto(f"{voila_url}/voila/render/rules.ipynb", timeout=TIMEOUT)
    widget = page.locator(".mk-position-it-4")
    canvas = widget.locator("canvas.mk-canvas")
    status = widget.locator(".mk-status")
    wait_drawn(page, canvas)
    mirror = Mirror("it-4")
    mirror.drag(page, canvas, status, "5D", "new")
    widget.locator(".mk-check").click()
    page.wait_for_function(
        "el => el.textContent.startsWith('Not valid yet')", arg=status.element_handle(), timeout=TIMEOUT
    )
    text = status.text_content() or ""
    assert "no card from the hand was played" in text and "meld 2" not in text
    new_meld = mirror.board().melds[2]
    assert pixel(canvas, new_meld.x + 8, new_meld.y + 8) != FELT_PIXEL  # tinted red: the lone 5♦ is no meld
    widget.screenshot(path=artifacts / "voila-it-4-invalid.png")
    widget.locator(".mk-solve").click()
    page.wait_for_function("el => el.textContent.startsWith('Valid')", arg=status.element_handle(), timeout=TIMEOUT)
    assert pixel(canvas, new_meld.x + 8, new_meld.y + 8) == FELT_PIXEL  # the highlight is gone
    widget.screenshot(path=artifacts / "voila-it-4-solved.png")


def test_lab_runs_the_start_notebook(page: Page, lab_url: str, artifacts: Path) -> None:
    open_in_lab(page, lab_url, "start.ipynb", TIMEOUT)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    widget = page.locator(".mk-position")
    canvas = widget.locator("canvas.mk-canvas")
    status = widget.locator(".mk-status")
    wait_drawn(page, canvas)
    session = Mirror("bga-1")
    session.drag(page, canvas, status, "5H", 1)
    session.drag(page, canvas, status, "4H", 1)
    widget.locator(".mk-check").click()
    page.wait_for_function("el => el.textContent.startsWith('Valid')", arg=status.element_handle(), timeout=TIMEOUT)
    widget.screenshot(path=artifacts / "lab-start-solved.png")
