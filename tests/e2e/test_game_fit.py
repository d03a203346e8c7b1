"""One screen holds the game: game.ipynb in the Voila app on a 1366x768 laptop and a 1080p projector,
a game started, and then, from the page's top and without scrolling, the table, the hand, the game's
buttons, the one status line and the seats all lie inside the window (read from their bounding boxes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from machiavelli_kit.ui.layout import WIDTH
from tests.e2e.test_browser import FELT_PIXEL
from tests.e2e.test_game_board import DEAL, TIMEOUT, text_of, wait_text

pytestmark = pytest.mark.browser
SCREENS = ((1366, 768), (1920, 1080))


def start_without_scrolling(page: Page) -> None:
    """Type the deal and press Start as a script would (no scrolling to them), then put the page at its top."""
    page.locator(".mk-game-deal input").wait_for(timeout=TIMEOUT)
    page.evaluate(
        """deal => {
            const input = document.querySelector('.mk-game-deal input');
            input.value = deal;
            input.dispatchEvent(new Event('input', {bubbles: true}));
            input.dispatchEvent(new Event('change', {bubbles: true}));
        }""",
        str(DEAL),
    )
    page.wait_for_function("() => document.querySelector('.mk-game-deal input').value !== ''")
    page.evaluate("() => document.querySelector('.mk-game-start').click()")


def to_top(page: Page) -> None:
    """Scroll whatever scrolls back to its top, as the page stands when it opens."""
    page.evaluate(
        """() => {
            window.scrollTo(0, 0);
            for (const el of document.querySelectorAll('*')) if (el.scrollTop > 0) el.scrollTop = 0;
        }"""
    )


def wait_felt(page: Page, canvas: Locator) -> None:
    """Wait until the canvas shows the felt in its top-left corner, wherever it lies (no scrolling)."""
    page.wait_for_function(
        "([el, want]) => JSON.stringify(Array.from(el.getContext('2d').getImageData(6, 6, 1, 1).data)) === want",
        arg=[canvas.element_handle(timeout=TIMEOUT), str(FELT_PIXEL).replace(" ", "")],
        timeout=TIMEOUT,
    )


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box(timeout=TIMEOUT)
    assert found is not None, "not shown"
    return found


def assert_in_view(locator: Locator, what: str, width: int, height: int) -> dict[str, float]:
    found = box(locator)
    assert found["x"] >= 0 and found["x"] + found["width"] <= width + 0.5, f"{what} is out of the window sideways"
    assert found["y"] >= 0, f"{what} is above the window: {found}"
    assert found["y"] + found["height"] <= height + 0.5, f"{what} is below the window (at {height}): {found}"
    return found


@pytest.mark.parametrize(("width", "height"), SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_voila_the_whole_game_fits_one_screen(
    page: Page, voila_url: str, artifacts: Path, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{voila_url}/voila/render/game.ipynb", timeout=TIMEOUT)
    start_without_scrolling(page)
    game = page.locator(".mk-game")
    canvas = game.locator(".mk-game-table canvas.mk-canvas")
    wait_felt(page, canvas)
    wait_text(page, game.locator(".mk-game-status"), "^Your turn")
    page.wait_for_function("() => !document.querySelector('.mk-game-draw').disabled", timeout=TIMEOUT)
    to_top(page)

    table = assert_in_view(canvas, "the table and the hand", width, height)
    assert table["width"] > WIDTH * 1.4, f"the cards grow to the page: {table}"
    assert_in_view(game.locator(".mk-game-table .mk-board-buttons"), "the board's buttons", width, height)
    assert_in_view(game.locator(".mk-game-controls"), "the game's buttons", width, height)
    assert_in_view(game.locator(".mk-game-status"), "the status line", width, height)
    assert_in_view(game.locator(".mk-game-seats"), "the seats", width, height)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"

    assert game.locator(".mk-status-line:visible").count() == 1, "one status line"
    assert text_of(game.locator(".mk-game-status")).startswith("Your turn")
    seats = game.locator(".mk-seat")
    assert [text_of(seats.nth(index)) for index in range(seats.count())] == ["▶ You 15 cards", "Greedy 15 cards"]
    assert text_of(game.locator(".mk-seat-now")) == "▶ You 15 cards"
    assert not game.locator(".mk-game-setup").is_visible(), "the setup folds away"
    assert game.locator(".mk-game-how-to").is_visible(), "How to play stays at hand"
    assert game.locator(".mk-game-draw").is_enabled() and game.locator(".mk-game-table .mk-undo").is_disabled()
    assert game.locator(".mk-game-restore").is_disabled()
    page.screenshot(path=artifacts / f"voila-game-fit-{width}x{height}.png")
