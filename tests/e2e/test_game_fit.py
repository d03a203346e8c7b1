"""One screen holds the game: game.ipynb in the Voila app on a 1366x768 laptop and a 1080p projector,
Start in view as the page opens, a game started, and then, the page never scrolled, the table, the hand,
the game's buttons, the one status line and the seats all lie inside the window (read from their
bounding boxes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from machiavelli_kit.ui.layout import WIDTH
from tests.e2e.test_browser import FELT_PIXEL
from tests.e2e.test_game_board import DEAL, TIMEOUT, text_of, wait_text

pytestmark = pytest.mark.browser
SCREENS = ((1366, 768), (1920, 1080))


def scrolled(page: Page) -> float:
    """How far the page, or anything in it, is scrolled down."""
    script = "() => Math.max(window.scrollY, ...Array.from(document.querySelectorAll('*'), el => el.scrollTop))"
    return float(page.evaluate(script))


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
    game = page.locator(".mk-game")
    assert_in_view(game.locator(".mk-game-start"), "Start, before the game", width, height)
    game.locator(".mk-game-deal input").fill(str(DEAL), timeout=TIMEOUT)
    game.locator(".mk-game-start").click()
    canvas = game.locator(".mk-game-table canvas.mk-canvas")
    wait_felt(page, canvas)
    wait_text(page, game.locator(".mk-game-status"), "^Your turn")
    page.wait_for_function("() => !document.querySelector('.mk-game-draw').disabled", timeout=TIMEOUT)
    assert scrolled(page) == 0, "Start was in view and the page never scrolled"

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
