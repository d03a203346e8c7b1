"""The game board's keyboard shortcuts in real Chromium, in the Voila app: letters typed into
the setup's text boxes stay there, D over the cards draws and the computer answers, and a key
pressed with the mouse away from the cards does nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from machiavelli_kit.ui.shortcuts import keys_line
from tests.e2e.test_browser import wait_drawn
from tests.e2e.test_game_board import DEAL, TIMEOUT, text_of, wait_text

pytestmark = pytest.mark.browser


def hover(page: Page, target: Locator) -> None:
    """Move the mouse to the middle of ``target``: ipyevents gives the board the keys while the mouse is over it."""
    target.scroll_into_view_if_needed(timeout=TIMEOUT)
    box = target.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=4)


def test_voila_keys_draw_over_the_board_and_stay_in_text_boxes(page: Page, voila_url: str, artifacts: Path) -> None:
    page.goto(f"{voila_url}/voila/render/game.ipynb", timeout=TIMEOUT)
    game = page.locator(".mk-game")
    name = game.locator(".widget-text", has_text="Seat 1").locator("input")
    name.fill("", timeout=TIMEOUT)
    name.press_sequentially("Dee Ruth")  # D, E, U, R, H and Y are all shortcuts on the board
    deal = game.locator(".mk-game-deal input")
    deal.fill("")
    deal.press_sequentially(str(DEAL))
    assert name.input_value() == "Dee Ruth" and deal.input_value() == str(DEAL)
    assert not game.locator(".mk-game-table").is_visible()  # no key started or played anything

    game.locator(".mk-game-start").click()
    canvas = game.locator(".mk-game-table canvas.mk-canvas")
    wait_drawn(page, canvas)
    info, status, log = game.locator(".mk-game-info"), game.locator(".mk-game-status"), game.locator(".mk-game-log")
    assert text_of(game.locator(".mk-game-keys")) == keys_line()
    assert "(key D)" in (game.locator(".mk-game-draw").get_attribute("title") or "")
    game.locator(".mk-game-speed select").select_option(label="no animation")
    assert text_of(info).startswith("Turn 1 ·")
    wait_text(page, status, "^Your turn")  # set just after the cards are drawn: a D before it draws nothing

    hover(page, canvas)
    page.wait_for_function("() => document.querySelector('.mk-game-keys-area.ipyevents-watched') !== null")
    page.keyboard.press("d")
    wait_text(page, log, "Dee Ruth drew a card and (has|have) 16 cards now")
    wait_text(page, log, "Greedy (drew|played)")
    wait_text(page, status, "^Your turn")
    assert text_of(info).startswith("Turn 3 ·")
    page.screenshot(path=artifacts / "voila-game-keys-draw.png", full_page=True)

    hover(page, log)  # the mouse leaves the cards: D is no shortcut there
    page.keyboard.press("d")
    hover(page, canvas)
    page.keyboard.press("h")  # sent after the D, so answered after it, had the D been sent
    wait_text(page, status, "^Hint 1 of 6")
    assert text_of(info).startswith("Turn 3 ·") and text_of(log).count("Dee Ruth drew") == 1
