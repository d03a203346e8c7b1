"""On ``machiavelli-kit app``, a browser's choices reach its next pages, and only its own: Italiano pressed on
the start page makes the game page opened next Italian, and the name typed at the game's first seat is
there on the next game page, while a second browser still sees English and You."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_app_pages import TIMEOUT

pytestmark = pytest.mark.browser


def open_game(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/game.ipynb", timeout=TIMEOUT)
    page.locator(".mk-game-start").wait_for(timeout=TIMEOUT)


def test_the_start_page_s_language_and_the_name_given_reach_the_next_pages_of_that_browser_only(
    browser: Browser, browser_context_args: dict[str, Any], voila_url: str, artifacts: Path
) -> None:
    ada, ben = (browser.new_context(**browser_context_args) for _ in range(2))
    try:
        page = ada.new_page()
        page.goto(f"{voila_url}/voila/render/start.ipynb", timeout=TIMEOUT)
        switch = page.locator(".mk-language-switch")
        switch.locator(".mk-language-choice button", has_text="Italiano").click(timeout=TIMEOUT)
        expect(switch.locator(".mk-language-note")).to_contain_text("Da ora in poi", timeout=TIMEOUT)

        open_game(page, voila_url)
        expect(page.locator(".mk-game-start")).to_have_text("Inizia", timeout=TIMEOUT)
        first_seat = page.locator(".mk-game-seat-name input").first
        expect(first_seat).to_have_value("Tu")
        first_seat.fill("Ada")
        page.locator(".mk-game-deal input").fill("7")
        page.locator(".mk-game-start").click()
        expect(page.locator(".mk-game-table canvas.mk-canvas")).to_be_visible(timeout=TIMEOUT)

        open_game(page, voila_url)
        expect(page.locator(".mk-game-start")).to_have_text("Inizia")
        expect(page.locator(".mk-game-seat-name input").first).to_have_value("Ada", timeout=TIMEOUT)
        page.screenshot(path=artifacts / "voila-remembered-ada.png", full_page=True)

        other = ben.new_page()
        open_game(other, voila_url)
        expect(other.locator(".mk-game-start")).to_have_text("Start")
        expect(other.locator(".mk-game-seat-name input").first).to_have_value("You", timeout=TIMEOUT)
    finally:
        ada.close()
        ben.close()
